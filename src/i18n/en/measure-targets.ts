// English words of several measures per month, their units and daily targets.

export const measureTargets = {
  addMeasure: 'Add measure +',
  measureNumber: (number: number) => `Measure ${number}`,
  removeMeasure: (number: number) => `Remove measure ${number}`,
  unit: 'Unit',
  /** Short: the field can be 80 px wide on a phone. */
  unitPlaceholder: 'kg, h, km',
  target: 'Daily target',
  targetPlaceholder: 'Optional',
  direction: 'Target is met when the value is',
  atLeast: 'At least',
  atMost: 'At most',
  settingsOf: (name: string) => `Unit and daily target of ${name || 'the measure'}`,
  removeMeasureQuestion: (name: string) =>
    `Remove the measure “${name}”? Its values on every entry of this month are deleted too.`,
  keepMeasure: 'Keep it',
  confirmRemoveMeasure: 'Remove measure',
  removedMeasures: (count: number) =>
    count === 1
      ? '1 measure will be removed on Save.'
      : `${count} measures will be removed on Save.`,
  optional: 'Optional',
  onTarget: 'on target',
  offTarget: 'off target',
  /** "at least 7 h" */
  goal: (atLeast: boolean, value: string) => `${atLeast ? 'at least' : 'at most'} ${value}`,
  daysOnTarget: (days: number, total: number) =>
    `${days} of ${total} ${total === 1 ? 'day' : 'days'} on target`,
  targetLine: (goal: string) => `Target: ${goal}`,
} as const;
