// Fails while loading, before it is ready.
throw new Error('no dictionaries here');
