// Checks the production builds against packages/build-tools/size-budget.json and prints the figures; fails when a gzip
// size exceeds its budget by more than the tolerance. Run after the build (`pnpm size`, part of `verify`).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appNames } from '../config/apps.js';
import { ownerOf } from '../config/routes.js';
import { checkBudget, measureBuilds } from '../build-tools/sizeBudget.js';
import { integrityDataOfBuilds } from '../deploy/src/switches/integrityData.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const budgetFile = 'packages/build-tools/size-budget.json';
const budget = JSON.parse(readFileSync(new URL(`../../${budgetFile}`, import.meta.url), 'utf8'));
// The first load measured is that of `/`, the signed-in home: the remote the route table gives it is the one counted.
const firstLoadRemote = ownerOf('/');
if (!firstLoadRemote) throw new Error('no remote owns / in packages/config/routes.js: the first load has no screen');
const figures = {
  ...measureBuilds(repoRoot, { apps: appNames, firstLoadRemote }),
  'integrity data of /': await integrityDataOfBuilds(repoRoot),
};
const lines = checkBudget(figures, budget);

console.log(
  `gzip JavaScript (and the integrity data the first load carries) against ${budgetFile}` +
    ` (fails above budget + ${budget.tolerance * 100} %):`,
);
for (const line of lines) {
  console.log(
    `  ${line.over ? 'OVER' : 'ok  '} ${line.name.padEnd(16)} ${line.actualKiB.toFixed(1).padStart(7)} KiB  ` +
      `budget ${line.budgetKiB.toFixed(1)} KiB (limit ${line.limitKiB.toFixed(1)})`,
  );
}
if (lines.some((line) => line.over)) {
  console.error(
    `size budget exceeded: make it smaller, or raise its budget in ${budgetFile} with the reason in the commit`,
  );
  process.exitCode = 1;
}
