/** What the root loader throws when the system is not open (status 1 or 2). */
export type SystemStatusData = {
  systemStatus: 1 | 2;
  ip: string | null;
  customerService: { csType: string; label: string; path: string } | null;
  locale: string;
  theme: "light" | "dark";
};

export function isSystemStatusData(data: unknown): data is SystemStatusData {
  return typeof data === "object" && data !== null && "systemStatus" in data;
}
