#!/usr/bin/env node
// `npm test`'s "web bundle budget" step: fails when the production build's home route ships more
// initial JS than scripts/lib/budgets.mjs allows. Builds the app, or reuses the cached build.
import { HOME_INITIAL_JS_BUDGET_KB } from './lib/budgets.mjs';
import { homeInitialPayload } from './lib/webBudget.mjs';
import { ensureWebBuild } from './lib/webBuild.mjs';

const { dir } = ensureWebBuild();
const payload = homeInitialPayload(dir, HOME_INITIAL_JS_BUDGET_KB);
const verdict = payload.withinBudget ? 'within budget' : 'OVER BUDGET';
console.log(
  `home route initial JS: ${payload.jsKb.toFixed(1)} KB gzip in ${payload.chunks} chunks (budget ${payload.budgetKb} KB) ${verdict}`,
);
if (!payload.withinBudget) {
  console.error(
    "Cut the home route's initial JS (docs/performance.md) or, deliberately, the budget in scripts/lib/budgets.mjs.",
  );
  process.exit(1);
}
