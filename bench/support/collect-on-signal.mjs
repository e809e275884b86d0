// Loaded into the chat bench's server (`--expose-gc --import …`), never into production: on
// SIGUSR2 the server runs full garbage collections, so the bench's memory figure compares what
// is live before and after opening the idle sockets, not where V8 happened to be between
// collections (start-up garbage collected in between once made the figure negative).
process.on('SIGUSR2', () => {
  globalThis.gc();
  globalThis.gc();
});
