import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isSurvivorKind, SURVIVOR_KINDS } from './survivor-kinds';
import {
  type AcceptedSurvivor,
  fileScores,
  listedByKind,
  type MutationReport,
  scoreTotals,
  staleAcceptedSurvivors,
  survivorsOf,
  unlistedSurvivors,
} from './survivors';

/**
 * The last step of `npm run mutation`: prints the kit's score per mutated file and fails
 * (exit 1) when a mutant survived that `accepted-survivors.json` does not list as
 * unobservable through the contract, or when an entry of the list names no known kind. It
 * also prints what the listed survivors are, by kind. Arguments: the report (default
 * `reports/mutation/mutation.json` at the root, where Stryker writes it) and the list.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const reportPath = process.argv[2] ?? `${root}reports/mutation/mutation.json`;
const listPath = process.argv[3] ?? fileURLToPath(new URL('accepted-survivors.json', import.meta.url));

const report = JSON.parse(readFileSync(reportPath, 'utf8')) as MutationReport;
const accepted = JSON.parse(readFileSync(listPath, 'utf8')) as AcceptedSurvivor[];

const scores = fileScores(report, accepted);
for (const score of [...scores, ...scoreTotals(scores)]) {
  console.log(
    `${score.file}: ${score.score}% of ${score.mutants} killed, ${score.coveredScore}% of covered ` +
      `(${score.survived} survived, ${score.noCoverage} not reached); ${score.observableScore}% of the ` +
      `${score.mutants - score.listed} not listed as unobservable`,
  );
}
for (const entry of staleAcceptedSurvivors(report, accepted)) {
  console.log(
    `stale entry (the kit kills it now, or the code changed): ${entry.file} ${entry.mutator} ${JSON.stringify(entry.original)}`,
  );
}
const survivors = survivorsOf(report);
for (const [kind, count] of Object.entries(listedByKind(survivors, accepted)))
  console.log(`listed, ${kind}: ${count} (${SURVIVOR_KINDS[kind as keyof typeof SURVIVOR_KINDS]})`);
const unknownKinds = accepted.filter((entry) => !isSurvivorKind(entry.kind));
for (const entry of unknownKinds) {
  console.log(
    `entry without a known kind (${JSON.stringify(entry.kind)}): ${entry.file} ${entry.mutator} ${JSON.stringify(entry.original)}`,
  );
}
if (unknownKinds.length > 0) process.exitCode = 1;
const unlisted = unlistedSurvivors(survivors, accepted);
for (const survivor of unlisted) {
  console.log(
    `not on the list: ${survivor.file}:${survivor.line} ${survivor.mutator} (${survivor.status}) ` +
      `${JSON.stringify(survivor.original)} -> ${JSON.stringify(survivor.replacement)}`,
  );
}
if (unlisted.length > 0) {
  console.log(
    `${unlisted.length} surviving mutant(s) not in ${listPath}: add a case that kills each, or list it with its reason.`,
  );
  process.exitCode = 1;
}
