/** What the missions page's components render, as its loader sends it (texts already translated). */
export interface MissionCardData {
  id: string;
  code: string;
  name: string;
  description: string;
  period: string;
  condition: string;
  figure: string;
  target: string;
  percent: number;
  claimed: boolean;
  claimable: boolean;
  timeLeft: string;
  reward: string;
  missionPoints: number;
}

export interface MissionHistoryData {
  rows: { id: string; name: string; reward: string; missionPoints: number; claimedAt: string }[];
  page: number;
  pageCount: number;
  total: number;
}

export interface LeaderboardLine {
  rank: number;
  name: string;
  points: string;
  isViewer: boolean;
}

export interface LeaderboardData {
  top: LeaderboardLine[];
  own: LeaderboardLine | null;
}
