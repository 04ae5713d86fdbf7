// What the page knows about /render beyond /openapi.json: the frame and margin each component gets
// by default (the contract's §4), when a parameter changes the image, how to write a query, and how
// to say in words what an image shows. The browser tests compare these sizes with the server's images.

/** Buttons and toggles have a shape and draw an icon or label; switches, wells and cards do not. */
export function hasShape(component) {
  return component === "button" || component === "toggle";
}

/** The frame (points) and corner radius a component gets when the query names none. */
export function frameDefaults(component, shape) {
  if (hasShape(component)) {
    switch (shape) {
      case "rounded": return { width: 80, height: 80, radius: 20 };
      case "capsule": return { width: 160, height: 80, radius: 40 };
      default: return { width: 80, height: 80, radius: 40 };
    }
  }
  if (component === "card") return { width: 300, height: 300, radius: 25 };
  return { width: 170, height: 60, radius: 30 };
}

/** Points of canvas around the frame when the query names no margin: room for every shadow. */
export function defaultMargin(component, style) {
  return style === "soft" && (component === "well" || component === "switch") ? 16 : 40;
}

/** The default of a parameter whose default depends on others (`null` for the rest). */
export function dependentDefault(name, values) {
  const frame = frameDefaults(values.component, values.shape);
  switch (name) {
    case "size": return frame.width;
    case "width": return frame.width;
    case "height": return frame.height;
    case "radius": return frame.radius;
    case "margin": return defaultMargin(values.component, values.style);
    default: return null;
  }
}

/** Whether `name` changes the image drawn for the resolved `values`; the server ignores it otherwise. */
export function applies(name, values) {
  const shaped = hasShape(values.component);
  switch (name) {
    case "pressed": return values.component === "button";
    case "on": return values.component === "toggle" || values.component === "switch";
    case "shape": case "label": return shaped;
    case "icon": return shaped && !values.label;
    case "textsize": return shaped && Boolean(values.label);
    case "size": return shaped && values.shape === "circle";
    case "width": case "height": return !(shaped && values.shape === "circle");
    case "radius": return !shaped || values.shape === "rounded";
    case "depth": return values.component === "well";
    case "knob": case "padding": return values.component === "switch";
    default: return true;
  }
}

/** A query value percent-encoded so the URL also survives Markdown and shell quoting. */
export function encodeValue(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

/** `[[name, value], …]` as `name=value&…`. */
export function queryString(entries) {
  return entries.map(([name, value]) => `${name}=${encodeValue(String(value))}`).join("&");
}

/** The image's size in whole points (its pixels divided by its scale): the frame plus the margin on every side. */
export function pointSize(values) {
  const frame = frameDefaults(values.component, values.shape);
  const margin = Number(values.margin ?? defaultMargin(values.component, values.style));
  const circle = hasShape(values.component) && values.shape === "circle";
  const width = Number((circle ? values.size : values.width) ?? frame.width);
  const height = Number((circle ? values.size : values.height) ?? frame.height);
  return { width: Math.round(width + 2 * margin), height: Math.round(height + 2 * margin) };
}

const SHAPE_WORDS = { circle: "round", rounded: "rounded", capsule: "capsule-shaped" };
const SIMULATION_WORDS = { lowvision: "low vision" };

/** A sentence saying what the image of the resolved `values` shows, for alt text. */
export function describe(values) {
  const words = [values.style];
  if (values.contrast === "high") words.push("high-contrast");
  if (hasShape(values.component)) words.push(SHAPE_WORDS[values.shape] ?? values.shape);
  if (values.component === "well") words.push(values.depth);
  words.push(values.component);
  let text = `${/^[aeiou]/i.test(words[0]) ? "An" : "A"} ${words.join(" ")}`;
  if (hasShape(values.component)) {
    if (values.label) text += ` labelled “${values.label}”`;
    else if (values.icon === "none") text += " with no icon";
    else text += ` with ${/^[aeiou]/i.test(values.icon) ? "an" : "a"} ${values.icon} icon`;
  }
  if (values.component === "button") text += isTrue(values.pressed) ? ", pressed" : ", at rest";
  if (values.component === "toggle" || values.component === "switch") text += isTrue(values.on) ? ", on" : ", off";
  if (values.simulate && values.simulate !== "none") {
    text += `, as seen with ${SIMULATION_WORDS[values.simulate] ?? values.simulate}`;
  }
  return text;
}

/** The query's spellings of true. */
export function isTrue(value) {
  return value === true || value === "true" || value === "1";
}
