// One form control per /render parameter, built from its OpenAPI schema and the server's
// presentation hints (x-relief-label, -unit, -value-labels), so a parameter or value the server
// accepts (an icon, a range) shows up here without editing the page.

import { isTrue } from "./relief.js";

/** A choice with at most this many values is a row of radio buttons; a longer one is a menu. */
const MOST_RADIO_CHOICES = 5;

const BOOLEAN_VALUES = ["true", "false", "1", "0"];

/**
 * A control for one OpenAPI parameter: `element` goes in the form; `read()` gives the value the
 * user set (`null` for none), `write(value)` shows a value, `focusTarget` is what a problem points at.
 */
export function buildControl(parameter) {
  const name = parameter.name;
  const schema = parameter.schema ?? {};
  const label = parameter["x-relief-label"] ?? name;
  const words = parameter["x-relief-value-labels"] ?? {};
  const id = `parameter-${name}`;
  const colour = [schema, ...(schema.anyOf ?? [])].find((branch) => branch.format === "color");
  let control;
  if (colour) {
    const keywords = schema.anyOf?.find((branch) => Array.isArray(branch.enum))?.enum ?? [];
    control = colourControl(id, label, keywords, colour.examples?.[0], words);
  } else if (Array.isArray(schema.enum) && BOOLEAN_VALUES.every((value) => schema.enum.includes(value))) {
    control = checkboxControl(id, label);
  } else if (Array.isArray(schema.enum) && schema.enum.length > 1 && schema.enum.length <= MOST_RADIO_CHOICES) {
    control = radioControl(id, label, schema.enum);
  } else if (Array.isArray(schema.enum)) {
    control = selectControl(id, label, schema.enum, words);
  } else if (schema.type === "number" || schema.type === "integer") {
    control = numberControl(id, label, schema, parameter["x-relief-unit"]);
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

/** One of the `keywords`, or a colour picked with the colour input (sent as rrggbb). */
function colourControl(id, label, keywords, example, words) {
  const choices = [...keywords, "colour"];
  const inputs = choices.map((choice) => element("input", { type: "radio", name: id, value: choice, id: `${id}-${choice}` }));
  const colour = element("input", { type: "color", id: `${id}-value`, value: example && `#${example}` });
  const segments = element("div", { class: "segments" },
    ...inputs.map((input) => element("label", { for: input.id }, input, element("span", {}, words[input.value] ?? input.value))));
  const picker = element("div", { class: "colour-picker" },
    element("label", { for: colour.id }, `${label} colour`), colour);
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
