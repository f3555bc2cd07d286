/** A mission as the operator's list and form show it (amounts as typed text). */
export interface OpsMissionData {
  id: string;
  code: string;
  nameEn: string;
  nameUr: string;
  descriptionEn: string;
  descriptionUr: string;
  period: string;
  condition: string;
  category: string;
  target: string;
  rewardKind: string;
  rewardAmount: string;
  turnoverMultiple: string;
  missionPoints: string;
  sort: string;
  enabled: boolean;
}
