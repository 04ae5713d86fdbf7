// The playground: the form, the preview with the facts of its response, and the snippets to copy.
// The state is the set of parameters the user gave; every other value is a default. The page's own
// query string holds that state, so a link opens the same render.

import { GROUPS, buildControl, groupOf } from "./controls.js";
import { applies, dependentDefault, describe, pointSize, queryString } from "./relief.js";

/** Milliseconds of quiet after the last change before a render is requested. */
const DEBOUNCE_MS = 250;

/** The parameters whose values others' defaults and visibility depend on, resolved first. */
const LEADING = ["component", "style", "shape", "label"];

export class Playground {
  /**
   * @param parameters the `/render` parameters of /openapi.json, in the server's order
   * @param page the elements of index.html the playground fills in
   */
  constructor(parameters, page) {
    this.parameters = parameters;
    this.page = page;
    this.given = readQuery(location.search);
    this.controls = new Map(parameters.map((parameter) => [parameter.name, buildControl(parameter)]));
    this.sequence = 0;
    this.timer = undefined;
    // The controller of the request in flight, and the URL last requested.
    this.abort = undefined;
    this.requestedURL = undefined;
    // The URL and size in points of the image in the preview.
    this.shown = undefined;
    this.invalidControl = undefined;
    this.buildForm();
    this.page.resetButton.addEventListener("click", () => {
      this.given.clear();
      this.changed();
    });
    for (const button of this.page.copyButtons) {
      button.addEventListener("click", () => this.copy(button));
    }
  }

  /** Fills the form, shows the state of the page's URL and renders it. */
  start() {
    this.changed({ delay: 0 });
  }

  buildForm() {
    const fieldsets = new Map();
    for (const group of GROUPS) {
      const fieldset = document.createElement("fieldset");
      fieldset.className = "group";
      const legend = document.createElement("legend");
      legend.textContent = group.legend;
      fieldset.append(legend);
      fieldsets.set(group.id, fieldset);
    }
    for (const control of this.controls.values()) {
      fieldsets.get(groupOf(control.name)).append(control.element);
    }
    const form = this.page.form;
    form.replaceChildren(...[...fieldsets.values()].filter((fieldset) => fieldset.children.length > 1));
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("input", (event) => this.edited(event.target));
    form.addEventListener("change", (event) => this.edited(event.target, { settled: true }));
  }

  /** The user changed the control holding `target`. */
  edited(target, { settled = false } = {}) {
    const name = target.closest("[data-parameter]")?.dataset.parameter;
    const control = this.controls.get(name);
    if (!control) return;
    const value = control.read();
    if (value === null || value === this.defaultOf(name)) {
      this.given.delete(name);
    } else {
      this.given.set(name, value);
    }
    // While a field is being typed in, it keeps what the user typed; once it is left, it shows
    // the value that is in effect.
    this.changed({ editing: settled ? undefined : control });
  }

  /** Shows the state everywhere and renders it after a pause. */
  changed({ editing, delay = DEBOUNCE_MS } = {}) {
    const values = this.values();
    for (const control of this.controls.values()) {
      const used = applies(control.name, values) || (control.name === "icon" && applies("label", values));
      control.element.hidden = !used;
      if (control !== editing) control.write(values[control.name] ?? null);
    }
    // The label replaces the icon, so the icon menu is kept in view but disabled beside a label.
    this.controls.get("icon")?.setDisabled?.(Boolean(values.label));
    for (const fieldset of this.page.form.querySelectorAll("fieldset.group")) {
      fieldset.hidden = [...fieldset.querySelectorAll("[data-parameter]")].every((field) => field.hidden);
    }
    const unused = this.parameters.map((parameter) => parameter.name).filter((name) => !applies(name, values));
    this.page.unusedNote.textContent = unused.length === 0 ? "" : `Not used with these settings: ${unused.join(", ")}.`;

    const query = this.query(values);
    history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
    this.showSnippets(values);
    this.scheduleRender(values, delay);
  }

  /** Every parameter's value in effect: the given one, else its default. */
  values() {
    const values = {};
    const names = [...LEADING, ...this.parameters.map((parameter) => parameter.name)];
    for (const name of new Set(names)) {
      values[name] = this.given.get(name) ?? this.defaultOf(name, values);
    }
    return values;
  }

  /** A parameter's default as text, given the values resolved so far (`undefined` when it has none). */
  defaultOf(name, values = this.values()) {
    const schemaDefault = this.parameters.find((parameter) => parameter.name === name)?.schema?.default;
    if (schemaDefault !== undefined && schemaDefault !== null) return String(schemaDefault);
    const dependent = dependentDefault(name, values);
    return dependent === null ? undefined : String(dependent);
  }

  /**
   * The `/render` query of the given parameters that change the image, in the server's order;
   * parameters the server does not describe go last, so that its answer names them.
   */
  query(values, overrides = {}) {
    const known = new Set(this.parameters.map((parameter) => parameter.name));
    const entries = [];
    for (const { name } of this.parameters) {
      const value = name in overrides ? overrides[name] : this.given.get(name);
      if (value !== undefined && applies(name, values)) entries.push([name, value]);
    }
    for (const [name, value] of this.given) {
      if (!known.has(name)) entries.push([name, value]);
    }
    return queryString(entries);
  }

  renderURL(values, overrides) {
    const query = this.query(values, overrides);
    return new URL(`/render${query ? `?${query}` : ""}`, location.href).href;
  }

  showSnippets(values) {
    const url = this.renderURL(values);
    const alt = describe(values);
    // The size of the image shown when it is this URL's (a label can grow the frame), else the
    // size its parameters give.
    const size = this.shown?.url === url ? this.shown : pointSize(values);
    const sources = [1, 2, 3].map((scale) => `${this.renderURL(values, { scale: String(scale) })} ${scale}x`);
    const snippets = this.page.snippets;
    snippets.url.textContent = url;
    snippets.img.textContent = `<img src="${url}" srcset="${sources.join(", ")}" `
      + `width="${size.width}" height="${size.height}" alt="${escapeAttribute(alt)}">`;
    snippets.markdown.textContent = `![${alt.replace(/[[\]\\]/g, "\\$&")}](${url})`;
    snippets.curl.textContent = `curl -o relief.png '${url}'`;
    this.page.openLink.href = url;
  }

  scheduleRender(values, delay) {
    clearTimeout(this.timer);
    this.page.preview.setAttribute("aria-busy", "true");
    this.timer = setTimeout(() => this.render(values), delay);
  }

  /** Fetches the render, then swaps it in once decoded, so the old image stays until then. */
  async render(values) {
    const url = this.renderURL(values);
    // A settled field sends a change after its last input: the same URL is already on its way or shown.
    if (url === this.requestedURL) {
      if (!this.abort) this.page.preview.removeAttribute("aria-busy");
      return;
    }
    this.requestedURL = url;
    const sequence = ++this.sequence;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    const isCurrent = () => sequence === this.sequence;
    let objectURL;
    try {
      // Asking for JSON makes a refused query answer with the problem as text, not as a picture.
      const response = await fetch(url, { headers: { Accept: "application/json" }, signal: abort.signal });
      if (!response.ok) {
        const problem = await readProblem(response);
        if (isCurrent()) this.showProblem(problem);
        return;
      }
      const blob = await response.blob();
      objectURL = URL.createObjectURL(blob);
      const image = new Image();
      image.src = objectURL;
      await image.decode();
      if (!isCurrent()) return;
      this.showImage(image, values, blob, response.headers);
      objectURL = undefined;
    } catch (error) {
      if (error.name !== "AbortError" && isCurrent()) {
        // Asking again for the same URL must try again.
        this.requestedURL = undefined;
        this.showProblem({ title: "The image could not be loaded", detail: error.message });
      }
    } finally {
      if (objectURL) URL.revokeObjectURL(objectURL);
      if (isCurrent()) {
        this.abort = undefined;
        this.page.preview.removeAttribute("aria-busy");
      }
    }
  }

  showImage(image, values, blob, headers) {
    const scale = Number(values.scale) || 1;
    image.id = "preview-image";
    image.alt = describe(values);
    image.width = Math.round(image.naturalWidth / scale);
    image.height = Math.round(image.naturalHeight / scale);
    const previous = document.getElementById(image.id);
    if (previous) {
      previous.replaceWith(image);
      URL.revokeObjectURL(previous.src);
    } else {
      this.page.canvas.replaceChildren(image);
    }
    this.page.preview.classList.remove("is-stale");
    this.page.problem.hidden = true;
    this.markInvalid(undefined);
    this.shown = { url: this.renderURL(values), width: image.width, height: image.height };
    this.showSnippets(values);

    const timing = parseServerTiming(headers.get("Server-Timing") ?? "");
    const facts = this.page.facts;
    facts.pixels.textContent = `${image.naturalWidth} × ${image.naturalHeight} px`;
    facts.points.textContent = `${image.width} × ${image.height} pt at ${formatNumber(scale)}×`;
    facts.bytes.textContent = formatBytes(Number(headers.get("Content-Length") ?? blob.size));
    facts.render.textContent = formatMilliseconds(timing.render?.dur);
    facts.encode.textContent = formatMilliseconds(timing.encode?.dur);
    const cache = timing.cache?.desc;
    facts.cache.textContent = cache === "hit" ? "hit (times of the first render)" : cache ?? "not reported";
    this.page.status.textContent = "Rendered.";
  }

  showProblem(problem) {
    const box = this.page.problem;
    box.replaceChildren();
    const title = document.createElement("p");
    title.className = "problem-title";
    title.textContent = problem.title ?? "The server refused this combination";
    box.append(title);
    if (problem.detail) {
      const detail = document.createElement("p");
      detail.textContent = problem.detail;
      box.append(detail);
    }
    if (problem.parameter && problem.allowed) {
      const allowed = document.createElement("p");
      const name = document.createElement("code");
      name.textContent = problem.parameter;
      allowed.append(name, ` accepts ${problem.allowed}.`);
      box.append(allowed);
    }
    box.hidden = false;
    this.page.preview.classList.add("is-stale");
    this.markInvalid(problem.parameter);
    for (const fact of Object.values(this.page.facts)) fact.textContent = "—";
    if (document.getElementById("preview-image")) {
      this.page.status.textContent = "Not rendered; the image above is the last one that was.";
    } else {
      this.page.canvas.querySelector(".canvas-empty").textContent = "No image";
      this.page.status.textContent = "Not rendered.";
    }
  }

  /** Marks the control of the parameter a problem names, so its field says it is at fault. */
  markInvalid(name) {
    this.invalidControl?.focusTarget.removeAttribute("aria-invalid");
    this.invalidControl?.element.classList.remove("is-invalid");
    this.invalidControl = this.controls.get(name);
    if (this.invalidControl) {
      this.invalidControl.focusTarget.setAttribute("aria-invalid", "true");
      this.invalidControl.element.classList.add("is-invalid");
    }
  }

  async copy(button) {
    const source = document.getElementById(button.getAttribute("aria-controls"));
    const copied = await writeClipboard(source.textContent);
    this.page.copyStatus.textContent = copied
      ? `Copied ${button.dataset.what}.`
      : `Copying is blocked here; select the ${button.dataset.what} above and copy it.`;
    if (!copied) window.getSelection().selectAllChildren(source);
  }
}

/** The parameters of a page query, empty values left out. */
function readQuery(search) {
  const given = new Map();
  for (const [name, value] of new URLSearchParams(search)) {
    if (value !== "") given.set(name, value);
  }
  return given;
}

/** `render;dur=1.2, cache;desc=hit` as `{ render: { dur: 1.2 }, cache: { desc: "hit" } }`. */
function parseServerTiming(header) {
  const metrics = {};
  for (const entry of header.split(",")) {
    const [name, ...parameters] = entry.split(";").map((part) => part.trim());
    if (!name) continue;
    const metric = {};
    for (const parameter of parameters) {
      const [key, value = ""] = parameter.split("=").map((part) => part.trim());
      metric[key] = key === "dur" ? Number(value) : value.replace(/^"(.*)"$/, "$1");
    }
    metrics[name] = metric;
  }
  return metrics;
}

async function readProblem(response) {
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("json")) {
    try {
      return await response.json();
    } catch {
      // An unreadable body still has a status worth showing.
    }
  }
  return { title: `The server answered ${response.status} ${response.statusText}`.trim() };
}

/** Writes text to the clipboard, falling back to a selected text area where the API is missing or refused. */
async function writeClipboard(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const focused = document.activeElement;
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "offscreen";
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
    focused?.focus();
    return copied;
  }
}

function escapeAttribute(text) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function formatNumber(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0+$/, "");
}

function formatBytes(bytes) {
  const grouped = bytes.toLocaleString("en");
  return bytes < 1024 ? `${grouped} bytes` : `${grouped} bytes (${(bytes / 1024).toFixed(1)} KiB)`;
}

function formatMilliseconds(value) {
  return Number.isFinite(value) ? `${value.toFixed(2)} ms` : "not reported";
}
