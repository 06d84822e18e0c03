import type { QualityReportView, QualityResponse } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { type CommandRef, listCommandRefs } from './corpus-repository.ts';
import { findModelState } from './model-state-repository.ts';
import { isQualityReportBusy } from './quality-jobs.ts';
import { listQualityReports, type StoredQualityReport } from './quality-repository.ts';

function refOf(ref: CommandRef) {
  return { command_id: ref.commandId, command_name: ref.name, service_id: ref.serviceId };
}

/** A stored report as the console reads it: commands named, with their services; commands deleted since left out. */
function viewOf(
  stored: StoredQualityReport,
  refs: Map<number, CommandRef>,
  wanted: number,
): QualityReportView {
  const { report } = stored;
  const known = (command: string) => refs.get(Number(command));
  return {
    lang: stored.lang,
    parser: stored.parser,
    created_at: stored.createdAt,
    is_stale: stored.wantedVersion < wanted,
    folds: report.folds,
    examples: report.examples,
    accuracy: report.accuracy,
    macro_f1: report.macroF1,
    out_of_scope_caught: report.outOfScopeCaught,
    commands: report.commands.flatMap((quality) => {
      const ref = known(quality.command);
      return ref
        ? [
            {
              ...refOf(ref),
              examples: quality.examples,
              precision: quality.precision,
              recall: quality.recall,
              f1: quality.f1,
              rejected: quality.rejected,
            },
          ]
        : [];
    }),
    confusions: report.confusions.flatMap((pair) => {
      const [expected, predicted] = [known(pair.expected), known(pair.predicted)];
      return expected && predicted
        ? [
            {
              expected: refOf(expected),
              predicted: refOf(predicted),
              count: pair.count,
              examples: pair.examples.map((example) => ({ text: example.text, score: example.score })),
            },
          ]
        : [];
    }),
    lookalikes: report.lookalikes.flatMap((lookalike) => {
      const [command, predicted] = [known(lookalike.command), known(lookalike.predicted)];
      return command && predicted
        ? [
            {
              text: lookalike.text,
              command: refOf(command),
              predicted: refOf(predicted),
              score: lookalike.score,
            },
          ]
        : [];
    }),
    few_examples: report.fewExamples.flatMap((few) => {
      const ref = known(few.command);
      return ref ? [{ ...refOf(ref), examples: few.examples }] : [];
    }),
  };
}

function commandIdsOf(stored: StoredQualityReport): number[] {
  const { report } = stored;
  return [
    ...report.commands.map((quality) => quality.command),
    ...report.confusions.flatMap((pair) => [pair.expected, pair.predicted]),
    ...report.lookalikes.flatMap((lookalike) => [lookalike.command, lookalike.predicted]),
    ...report.fewExamples.map((few) => few.command),
  ].map(Number);
}

/** GET /nlu/quality: the owner's reports, and whether one is being made. */
export async function qualityReportsOf(
  db: Database,
  runner: JobRunner,
  userId: number,
): Promise<QualityResponse> {
  const stored = await listQualityReports(db, userId);
  const refs = await listCommandRefs(db, userId, stored.flatMap(commandIdsOf));
  const { wanted } = await findModelState(db, userId);
  return {
    status: 1,
    is_running: await isQualityReportBusy(runner, userId),
    data: stored.map((report) => viewOf(report, refs, wanted)),
  };
}
