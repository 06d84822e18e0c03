/** What a step of the turn's pipeline (`steps.ts`) did. */
export interface StepOutcome {
  /** true: the turn is answered, later steps do not run */
  handled: boolean;
  note: string;
}
