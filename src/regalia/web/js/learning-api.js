// The server's learning calls (docs/server.md): lessons, a try at a lesson step, the referee's
// choices and its verdicts. Each says the page's language (X-Lang), so lesson texts and
// refusals come back in it. A refusal rejects with {code, message, status}; a server that
// cannot be reached with code "network" (status 0).

import { language, t } from "./i18n.js";

const enc = encodeURIComponent;

export class LearningError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function call(method, path, body) {
  const headers = { Accept: "application/json", "X-Lang": language() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new LearningError("network", t("The server cannot be reached ({0}).", err.message), 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new LearningError(error.code || "http", error.message || `${response.status} ${response.statusText}`, response.status);
  }
  return data;
}

/** A game's lessons: [{key, title, summary, steps: [{instruction, seat, view, legal}]}]. */
export const lessonsOf = (game) => call("GET", `/api/lessons/${enc(game)}`);
/** A try at a lesson step: {ok, legal, message, view}. */
export const tryStep = (game, lesson, step, action) =>
  call("POST", `/api/lessons/${enc(game)}/try`, { lesson, step, action });
/** What a game's referee page offers to choose from (for instance houses, objectives and the neutral player). */
export const refereeForm = (game) => call("GET", `/api/referee/${enc(game)}`);
/** A physical table's ranking, or with identities and votes its verdict (the CLI's JSON). */
export const refereeJudge = (game, fields) => call("POST", `/api/referee/${enc(game)}`, fields);
