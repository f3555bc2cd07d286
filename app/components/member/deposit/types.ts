/** What the deposit pages render; money in minor units (decimal strings), formatted only when shown. */
export interface Currency {
  symbol: string;
  minorUnits: number;
}

export interface ChannelView {
  code: string;
  min: number;
  max: number;
}
