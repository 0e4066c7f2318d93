/** The requirement families of the catalog, in catalog order, with their headings. */
export const REQUIREMENT_FAMILIES = Object.freeze([
  { id: 'SVC', title: 'Service surface' },
  { id: 'SCH', title: 'How new messages are handled' },
  { id: 'ABT', title: 'Abort' },
  { id: 'CLR', title: 'Clearing history' },
  { id: 'DEL', title: 'Session deletion' },
  { id: 'TID', title: 'Turn and call ids' },
  { id: 'ARC', title: 'Persistence and outbound conventions' },
  { id: 'USG', title: 'Token usage' },
  { id: 'SET', title: 'Settings and model assignment' },
  { id: 'BND', title: 'Bound interface and registrar' },
  { id: 'PRE', title: 'Preprocessors' },
  { id: 'HK', title: 'Hooks' },
  { id: 'PRM', title: 'Prompt contributions' },
  { id: 'OUT', title: 'Outcomes' },
  { id: 'DRN', title: 'Shutdown' },
  { id: 'LIV', title: 'Liveness' },
  { id: 'DUR', title: 'Durability' },
] as const);

/** The id of a requirement family, e.g. `ABT`. */
export type RequirementFamily = (typeof REQUIREMENT_FAMILIES)[number]['id'];
