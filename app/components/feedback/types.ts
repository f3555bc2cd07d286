/** One feedback as a page shows it: times already in the brand's zone, images as ids for the image route. */
export interface FeedbackThreadView {
  id: string;
  account?: string;
  questionType: string;
  content: string;
  status: "open" | "answered" | "closed";
  createdAt: string;
  answers: { id: string; body: string; createdAt: string }[];
  imageIds: string[];
}

export interface FeedbackLimits {
  minWords: number;
  maxWords: number;
}
