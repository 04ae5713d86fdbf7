// What the page knows about /render, all read from the server's /openapi.json: the parameters with
// their values, their defaults and where they apply (the x-relief-* fields that docs/HTTP.md
// describes), the groups of the form and the gallery's list. This module evaluates those rules as
// the server does and writes queries; what an image shows and its size come from the server too
// (`/describe`, and the gallery's pictures).

/** The `/render` parameters of an OpenAPI operation, with the rules the server resolves them by. */
export class RenderParameters {
  /** @param operation `paths["/render"].get` of /openapi.json */
  constructor(operation) {
    this.list = operation.parameters.filter((parameter) => parameter.in === "query");
    this.byName = new Map(this.list.map((parameter) => [parameter.name, parameter]));
    /** The form's fieldsets in order: `[{ id, legend }]`. */
    this.groups = operation["x-relief-groups"];
    /** Every component and state: `{ scale, styles, groups: [{ title, text, entries: [{ name, caption, component, state, pictures: { [style]: { alt, width, height } } }] }] }`. */
    this.gallery = operation["x-relief-gallery"];
  }

  /** The parameters `given` (a Map of name → text) as the server resolves them. */
  resolve(given) {
    return new Resolution(this, given);
  }

  /**
   * The default of `name` for the `values` and `given` parameters: `undefined` when it has none (a
   * margin, which the server's scene decides), so the page never claims a wrong default.
   */
  defaultOf(name, values, given) {
    const parameter = this.byName.get(name);
    const defaults = parameter?.["x-relief-defaults"] ?? [];
    return defaults.find((entry) => holds(entry.when, values, given))?.value;
  }

  /** The words the server gives for a value of `name`, else the value itself. */
  valueLabel(name, value) {
    return this.byName.get(name)?.["x-relief-value-labels"]?.[value] ?? value;
  }
}

/**
 * A query resolved as the server resolves it: in the table's order, each parameter that applies
 * takes its given value or its default; the others have no value.
 */
class Resolution {
  constructor(parameters, given) {
    this.parameters = parameters;
    this.given = new Map(given);
    /** The value in effect of every parameter that applies, by name. */
    this.values = {};
    this.applicable = new Set();
    for (const parameter of parameters.list) {
      if (!holds(parameter["x-relief-applies"], this.values, given)) continue;
      this.applicable.add(parameter.name);
      const value = given.has(parameter.name)
        ? canonical(parameter, given.get(parameter.name))
        : parameters.defaultOf(parameter.name, this.values, given);
      if (value !== undefined) this.values[parameter.name] = value;
    }
  }

  /** Whether `name` changes the image; the server ignores it otherwise. */
  applies(name) {
    return this.applicable.has(name);
  }

  /** The default of `name` here (`undefined` when it has none). */
  defaultOf(name) {
    return this.parameters.defaultOf(name, this.values, this.given);
  }

  /** What the control of `name` shows: the value in effect, else the given one, else the default. */
  shown(name) {
    return this.values[name] ?? this.given.get(name) ?? this.defaultOf(name);
  }
}

/** Whether an x-relief condition holds; no condition always does. */
function holds(condition, values, given) {
  if (condition === undefined) return true;
  if ("all" in condition) return condition.all.every((part) => holds(part, values, given));
  if ("any" in condition) return condition.any.some((part) => holds(part, values, given));
  if ("given" in condition) return given.has(condition.parameter) === condition.given;
  return condition.in.includes(values[condition.parameter]);
}

/**
 * A given value as conditions compare it: a boolean, however it was spelled, as the text of the
 * value the server's `x-relief-spellings` says it stands for (`true` or `false`).
 */
function canonical(parameter, value) {
  const meaning = parameter.schema?.["x-relief-spellings"]?.[value];
  return meaning === undefined ? value : String(meaning);
}

/** A query value percent-encoded so the URL also survives Markdown and shell quoting. */
export function encodeValue(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

/** `[[name, value], …]` as `name=value&…`. */
export function queryString(entries) {
  return entries.map(([name, value]) => `${name}=${encodeValue(String(value))}`).join("&");
}

/** Whether the resolution draws a change of state as an animation. */
export function isAnimated(resolution) {
  return resolution.applies("animate") && isTrue(resolution.values.animate);
}

/** Whether a resolved boolean value is true: resolved values are canonical (`canonical`). */
export function isTrue(value) {
  return value === String(true);
}

/** Words for the pictures of a `scheme=auto` answer, by the names `/describe` and `/audit` give them. */
export const APPEARANCE_NAMES = {
  light: "Light", dark: "Dark", "light-high": "Light, increased contrast", "dark-high": "Dark, increased contrast",
};
