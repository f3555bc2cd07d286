/** A lane as the layout chrome needs it: the category and its vendors. */
export interface LaneSummary {
  title: string;
  vendors: { vassalage: string; displayName: string; lagerIcon: string }[];
}
