import { create } from 'zustand';
import type { ServerEventOf } from '../../contract/ws-events';

export type PhotoReview = Omit<ServerEventOf<'photo_reviewed'>, 'type'>;

interface PhotoReviewsState {
  /** Moderators' decisions on the member's photos heard over the socket since the tab opened. */
  reviews: PhotoReview[];
  add(review: PhotoReview): void;
}

/** Decisions on the member's own photos, so an open profile page can follow them without reloading. */
export const usePhotoReviews = create<PhotoReviewsState>((set) => ({
  reviews: [],
  add: (review) => set((state) => ({ reviews: [...state.reviews.filter((seen) => seen.photo_id !== review.photo_id), review] })),
}));
