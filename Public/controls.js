// One form control per /render parameter, built from its OpenAPI schema, so a value the server
// accepts (an icon, a range) shows up here without editing the page.

import { isTrue } from "./relief.js";

/** How the page names and groups the parameters it knows; any other parameter is shown as it is named. */
const PRESENTATION = {
  component: { label: "Component", group: "subject" },
  style: { label: "Style", group: "subject" },
  pressed: { label: "Pressed", group: "subject" },
  on: { label: "On", group: "subject" },
  shape: { label: "Shape", group: "frame" },
  size: { label: "Size", group: "frame", unit: "pt" },
  width: { label: "Width", group: "frame", unit: "pt" },
  height: { label: "Height", group: "frame", unit: "pt" },
  radius: { label: "Corner radius", group: "frame", unit: "pt" },
  depth: { label: "Depth", group: "frame" },
  knob: { label: "Knob extra width", group: "frame", unit: "pt" },
  padding: { label: "Knob padding", group: "frame", unit: "pt" },
  icon: { label: "Icon", group: "content" },
  label: { label: "Label", group: "content" },
  scale: { label: "Scale", group: "image", unit: "px per pt" },
  margin: { label: "Margin", group: "image", unit: "pt" },
  background: { label: "Background", group: "image" },
  format: { label: "Format", group: "image" },
  textsize: {
    label: "Text size", group: "content",
    // Dynamic Type's body size in points at each setting (the contract's §7).
    words: { xs: "xs, 14 pt", s: "s, 15 pt", m: "m, 16 pt", l: "l, 17 pt (default)", xl: "xl, 19 pt", xxl: "xxl, 21 pt",
      xxxl: "xxxl, 23 pt", ax1: "ax1, 28 pt", ax2: "ax2, 33 pt", ax3: "ax3, 40 pt", ax4: "ax4, 47 pt", ax5: "ax5, 53 pt" },
  },
  contrast: { label: "Contrast", group: "access" },
  // Shown beside the preview rather than in the form: it adds a second image instead of changing the first.
  simulate: { label: "See it as", group: "access", words: { none: "off", lowvision: "low vision" } },
};

/** The fieldsets of the form, in order. */
export const GROUPS = [
  { id: "subject", legend: "Component and state" },
  { id: "frame", legend: "Frame" },
  { id: "content", legend: "Icon or label" },
  { id: "access", legend: "Accessibility" },
  { id: "image", legend: "Image" },
  { id: "more", legend: "More parameters" },
];

/** A choice with at most this many values is a row of radio buttons; a longer one is a menu. */
const MOST_RADIO_CHOICES = 5;

const BOOLEAN_VALUES = ["true", "false", "1", "0"];

/** The group a parameter goes in. */
export function groupOf(name) {
  return PRESENTATION[name]?.group ?? "more";
}

/**
 * A control for one OpenAPI parameter: `element` goes in the form; `read()` gives the value the
 * user set (`null` for none), `write(value)` shows a value, `focusTarget` is what a problem points at.
 */
export function buildControl(parameter) {
  const name = parameter.name;
  const schema = parameter.schema ?? {};
  const label = PRESENTATION[name]?.label ?? name;
  const id = `parameter-${name}`;
  let control;
  if (name === "background") {
    control = backgroundControl(id, label, schema);
  } else if (Array.isArray(schema.enum) && BOOLEAN_VALUES.every((value) => schema.enum.includes(value))) {
    control = checkboxControl(id, label);
  } else if (Array.isArray(schema.enum) && schema.enum.length > 1 && schema.enum.length <= MOST_RADIO_CHOICES) {
    control = radioControl(id, label, schema.enum);
  } else if (Array.isArray(schema.enum)) {
    control = selectControl(id, label, schema.enum, PRESENTATION[name]?.words ?? {});
  } else if (schema.type === "number" || schema.type === "integer") {
    control = numberControl(id, label, schema, PRESENTATION[name]?.unit);
  } else {
    control = textControl(id, label, schema);
  }
  control.element.dataset.parameter = name;
  control.name = name;
  return control;
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

function checkboxControl(id, label) {
  const input = element("input", { type: "checkbox", id });
  const wrapper = element("div", { class: "field field-check" }, input, element("label", { for: id }, label));
  return {
    element: wrapper,
    focusTarget: input,
    read: () => (input.checked ? "true" : "false"),
    write: (value) => { input.checked = isTrue(value); },
  };
}

function radioControl(id, label, values) {
  const inputs = values.map((value) => element("input", { type: "radio", name: id, value, id: `${id}-${value}` }));
  const segments = element("div", { class: "segments" },
    ...inputs.map((input) => element("label", { for: input.id }, input, element("span", {}, input.value))));
  const wrapper = element("fieldset", { class: "field field-choice", id }, element("legend", {}, label), segments);
  return {
    element: wrapper,
    focusTarget: inputs[0],
    read: () => inputs.find((input) => input.checked)?.value ?? null,
    write: (value) => { for (const input of inputs) input.checked = input.value === value; },
  };
}

function selectControl(id, label, values, words) {
  const select = element("select", { id }, ...values.map((value) => element("option", { value }, words[value] ?? value)));
  const wrapper = element("div", { class: "field" }, element("label", { for: id }, label), select);
  return {
    element: wrapper,
    focusTarget: select,
    read: () => select.value || null,
    write: (value) => {
      select.value = value;
      // A value from a shared link that the menu lacks leaves it blank, and the server says why.
      if (select.value !== value) select.selectedIndex = -1;
    },
    setDisabled: (disabled) => { select.disabled = disabled; },
  };
}

function numberControl(id, label, schema, unit) {
  const range = schema.minimum !== undefined && schema.maximum !== undefined
    ? `${schema.minimum}–${schema.maximum}${unit ? ` ${unit}` : ""}` : unit ?? "";
  const hint = element("span", { class: "hint", id: `${id}-hint` }, range);
  const input = element("input", {
    type: "number", id, inputmode: "decimal", step: "any",
    min: schema.minimum, max: schema.maximum, "aria-describedby": hint.id,
  });
  const wrapper = element("div", { class: "field field-number" },
    element("label", { for: id }, label), input, hint);
  return {
    element: wrapper,
    focusTarget: input,
    read: () => (input.value.trim() === "" ? null : input.value.trim()),
    write: (value) => { input.value = value ?? ""; },
  };
}

function textControl(id, label, schema) {
  const input = element("input", { type: "text", id, maxlength: schema.maxLength, autocomplete: "off", spellcheck: "false" });
  const wrapper = element("div", { class: "field field-text" }, element("label", { for: id }, label), input);
  if (schema.maxLength) {
    const hint = element("span", { class: "hint", id: `${id}-hint` }, `up to ${schema.maxLength} characters`);
    input.setAttribute("aria-describedby", hint.id);
    wrapper.append(hint);
  }
  return {
    element: wrapper,
    focusTarget: input,
    read: () => (input.value === "" ? null : input.value),
    write: (value) => { if (input.value !== (value ?? "")) input.value = value ?? ""; },
  };
}

/** `style`, `transparent`, or a colour picked with the colour input (sent as rrggbb). */
function backgroundControl(id, label, schema) {
  const choices = ["style", "transparent", "colour"];
  const words = { style: "the style’s", transparent: "transparent", colour: "colour" };
  const inputs = choices.map((choice) => element("input", { type: "radio", name: id, value: choice, id: `${id}-${choice}` }));
  const colour = element("input", { type: "color", id: `${id}-value`, value: `#${schema.examples?.[2] ?? "e0e5ec"}` });
  const segments = element("div", { class: "segments" },
    ...inputs.map((input) => element("label", { for: input.id }, input, element("span", {}, words[input.value]))));
  const picker = element("div", { class: "colour-picker" },
    element("label", { for: colour.id }, "Background colour"), colour);
  // The colour input stays outside the radio buttons' fieldset, which holds only them.
  const wrapper = element("div", { class: "field field-choice" },
    element("fieldset", { class: "field", id }, element("legend", {}, label), segments), picker);
  const byValue = (value) => inputs.find((input) => input.value === value);
  // Picking a colour means "use this colour", so it selects the colour choice.
  colour.addEventListener("input", () => { byValue("colour").checked = true; });
  return {
    element: wrapper,
    focusTarget: inputs[0],
    read: () => {
      const choice = inputs.find((input) => input.checked)?.value;
      if (choice === "colour") return colour.value.slice(1);
      return choice ?? null;
    },
    write: (value) => {
      const hex = /^#?([0-9a-f]{6})$/i.exec(value ?? "");
      if (hex) colour.value = `#${hex[1].toLowerCase()}`;
      for (const input of inputs) input.checked = hex ? input.value === "colour" : input.value === value;
    },
  };
}
