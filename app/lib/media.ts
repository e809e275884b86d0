/** The address of a stored photo (spec §3 main_image file names). */
export function photoUrl(filename: string, cdnPrefix = ''): string {
  return `${cdnPrefix}/media/photos/${filename}`;
}
