/** Where uploaded media lives: local disk by default, object storage by configuration. */
export interface MediaStorage {
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The stored bytes, or null when there is no such file (for media served through access checks). */
  read(key: string): Promise<Buffer | null>;
  /** The path the browser loads the file from. */
  urlOf(key: string): string;
}
