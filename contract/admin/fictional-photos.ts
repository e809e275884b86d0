import { z } from 'zod';
import { RecordIdParam } from '../inputs';

/** A fictional profile's photos in the console: file names under /media/photos/, the first members see marked `main`. */
export const FictionalPhoto = z.object({
  id: z.number().int(),
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(['pending', 'active', 'rejected']),
  main: z.boolean(),
});
export const FictionalPhotosResponse = z.object({ photos: z.array(FictionalPhoto) });
export type FictionalPhotosResponse = z.infer<typeof FictionalPhotosResponse>;
export const FictionalPhotoParams = z.object({ id: RecordIdParam, photoId: RecordIdParam });
