// The audit panel: what /audit measured on the render, one row per check, each with its number,
// a pass or fail mark in words and a glyph (never colour alone), the server's sentence, and its
// suggestion, with a button that applies the suggestion's fix: the parameter values the server
// names beside the sentence, which is only ever shown, never read.

import { APPEARANCE_NAMES } from "./relief.js";

/**
 * How the panel names each check, by id: the titles /openapi.json gives the ids of an answer's checks
 * (the `oneOf` of each id's `const` and `title`), in the first of the answer's shapes, a component's audit
 * (the second, a screen's, names the same checks).
 * @param operation `paths["/audit"].get` of /openapi.json
 */
export function checkNames(operation) {
  const component = operation.responses["200"].content["application/json"].schema.anyOf[0];
  const id = component.properties.checks.items.properties.id;
  return new Map(id.oneOf.map((choice) => [choice.const, choice.title]));
}

export class AuditPanel {
  /**
   * @param page `{ section, title, summary, checks }`: the panel, its heading, its one-line summary and its list
   * @param names each check's name by its id (`checkNames`); a check without one is shown by its id
   * @param apply called with each parameter's name and value of a suggestion's fix, in order, when the
   *   user applies it
   */
  constructor(page, names, apply) {
    this.page = page;
    this.names = names;
    this.apply = apply;
  }

  /** A new audit is on its way; the rows shown stay until it arrives. */
  measuring() {
    this.page.section.setAttribute("aria-busy", "true");
    this.page.section.classList.add("is-stale");
  }

  /**
   * Shows an `/audit` answer:
   * `{ note?, checks: [{ id, ratio | size, required, pass, enhanced, detail, suggestion, fix: [{ parameter, value }] }], pass }`.
   */
  show(audit) {
    const failed = audit.checks.filter((check) => !check.pass).length;
    const total = audit.checks.length;
    const verdict = failed === 0
      ? `Passes all ${total} checks at level AA.`
      : `Fails ${failed} of ${total} checks at level AA.`;
    // The note says what was measured where it is not simply the image, such as an animation's end.
    this.page.summary.textContent = audit.note ? `${verdict} ${audit.note}` : verdict;
    this.page.checks.replaceChildren(...audit.checks.map((check) => this.row(check)));
    this.settled();
  }

  /** Says why there is no audit; the rows of the last one go, so none is taken for this render's. */
  showProblem(reason) {
    this.page.summary.textContent = `No audit: ${reason}`;
    this.page.checks.replaceChildren();
    this.settled();
  }

  settled() {
    this.page.section.removeAttribute("aria-busy");
    this.page.section.classList.remove("is-stale");
  }

  row(check) {
    const item = element("li", { class: "check", "data-check": check.id, "data-pass": String(check.pass) });
    const mark = element("span", { class: "mark" },
      element("span", { "aria-hidden": "true" }, check.pass ? "✓" : "✗"), check.pass ? " Pass" : " Fail");
    // A check of one part (a segment, a slider's knob) names it after the check's title, and a
    // scheme=auto audit, which has each check once per appearance, names the appearance.
    const part = check.part ? `: ${check.part}` : "";
    const appearance = check.appearance ? ` (${APPEARANCE_NAMES[check.appearance] ?? check.appearance})` : "";
    const title = (this.names.get(check.id) ?? check.id) + part + appearance;
    item.append(element("div", { class: "check-head" }, element("h4", {}, title), mark));

    const measure = element("p", { class: "check-measure" },
      element("strong", {}, measured(check)), ` (needs ${required(check, check.required)}, ${check.level} ${check.criterion})`);
    if (check.enhanced) {
      measure.append(`; ${check.enhanced.level} ${required(check, check.enhanced.required)} ${check.enhanced.pass ? "met" : "not met"}`);
    }
    item.append(measure, element("p", { class: "check-detail" }, check.detail));

    if (check.suggestion) {
      const suggestion = element("p", { class: "check-suggestion" }, check.suggestion);
      const fix = check.fix ?? [];
      if (fix.length > 0) {
        const change = fix.map(({ parameter, value }) => `${parameter}=${value}`).join(" and ");
        const button = element("button", { type: "button" }, `Apply ${change}`);
        // The button goes with the audit it belongs to; focus stays in the panel, on its title.
        button.addEventListener("click", () => {
          this.page.title.focus();
          for (const { parameter, value } of fix) this.apply(parameter, value);
        });
        suggestion.append(" ", button);
      }
      item.append(suggestion);
    }
    return item;
  }
}

/** "2.51:1" or "80×80 pt". */
function measured(check) {
  if (check.size) return `${check.size.width}×${check.size.height} pt`;
  return `${check.ratio}:1`;
}

/** A threshold in the unit of the check: "4.5:1" or "44×44 pt". */
function required(check, value) {
  return check.size ? `${value}×${value} pt` : `${value}:1`;
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}
