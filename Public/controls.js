// One form control per /render parameter, built from its OpenAPI schema and the server's
// presentation hints (x-relief-label, -unit, -value-labels), so a parameter or value the server
// accepts (an icon, a range) shows up here without editing the page.

/** A choice with at most this many values is a row of radio buttons; a longer one is a menu. */
const MOST_RADIO_CHOICES = 5;

/**
 * A control for one OpenAPI parameter: `element` goes in the form; `read()` gives the value the
 * user set (`null` for none), `write(value)` shows a value, `focusTarget` is what a problem points at.
 * Its id is `prefix-name`, so that two forms of one page (/render's and /screen's) keep theirs apart.
 */
export function buildControl(parameter, prefix = "parameter") {
  const name = parameter.name;
  const schema = parameter.schema ?? {};
  const label = parameter["x-relief-label"] ?? name;
  const words = parameter["x-relief-value-labels"] ?? {};
  const id = `${prefix}-${name}`;
  const colour = [schema, ...(schema.anyOf ?? [])].find((branch) => branch.format === "color");
  const compass = schema.anyOf?.find((branch) => branch["x-relief-degrees"]);
  const degrees = schema.anyOf?.find((branch) => branch.type === "integer");
  const step = parameter["x-relief-slider-step"];
  let control;
  if (compass && degrees) {
    control = directionControl(id, label, compass["x-relief-degrees"], degrees, parameter["x-relief-unit"]);
  } else if (colour) {
    const keywords = schema.anyOf?.find((branch) => Array.isArray(branch.enum))?.enum ?? [];
    control = colourControl(id, label, keywords, colour.examples?.[0], words);
  } else if (schema.type === "boolean") {
    control = checkboxControl(id, label, schema["x-relief-spellings"] ?? {});
  } else if (Array.isArray(schema.enum) && schema.enum.length > 1 && schema.enum.length <= MOST_RADIO_CHOICES) {
    control = radioControl(id, label, schema.enum);
  } else if (Array.isArray(schema.enum)) {
    control = selectControl(id, label, schema.enum, words);
  } else if ((schema.type === "number" || schema.type === "integer") && step !== undefined) {
    control = sliderControl(id, label, schema, step, parameter["x-relief-unit"]);
  } else if (schema.type === "number" || schema.type === "integer") {
    control = numberControl(id, label, schema, parameter["x-relief-unit"], parameter["x-relief-defaults"] !== undefined);
  } else {
    control = textControl(id, label, schema);
  }
  control.element.dataset.parameter = name;
  control.name = name;
  return control;
}

/**
 * A fieldset per group of `groups` (`[{ id, legend }]`, in order) holding the `controls` whose
 * parameter `parameters` puts in it; `form` gets those that hold any.
 */
export function fillForm(form, parameters, groups, controls) {
  const fieldsets = new Map(groups.map((group) => [group.id,
    element("fieldset", { class: "group" }, element("legend", {}, group.legend))]));
  for (const control of controls) {
    fieldsets.get(parameters.byName.get(control.name)["x-relief-group"])?.append(control.element);
  }
  form.replaceChildren(...[...fieldsets.values()].filter((fieldset) => fieldset.children.length > 1));
}

/**
 * Shows a resolution in `form`'s `controls`: those whose parameter does not apply are hidden, with
 * the fieldsets they leave empty; the others show the value in effect, but `editing` keeps what the
 * user is typing.
 */
export function showResolution(form, controls, resolution, editing) {
  for (const control of controls) {
    control.element.hidden = !resolution.applies(control.name);
    if (control !== editing) control.write(resolution.shown(control.name) ?? null);
  }
  for (const fieldset of form.querySelectorAll("fieldset.group")) {
    fieldset.hidden = [...fieldset.querySelectorAll("[data-parameter]")].every((field) => field.hidden);
  }
}

/**
 * Calls `edited(control, settled)` for each edit of one of `controls` (a Map by parameter name) in
 * `form`: at each input while it is being changed (`settled` false), and once the change is done.
 */
export function onEdit(form, controls, edited) {
  const handle = (event, settled) => {
    const control = controls.get(event.target.closest("[data-parameter]")?.dataset.parameter);
    if (control) edited(control, settled);
  };
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", (event) => handle(event, false));
  form.addEventListener("change", (event) => handle(event, true));
}

/** Records what `control` now reads in `given`: a value the default already gives is left out. */
export function recordEdit(given, control, resolution) {
  const value = control.read();
  if (value === null || value === resolution.defaultOf(control.name)) {
    given.delete(control.name);
  } else {
    given.set(control.name, value);
  }
}

/** Marks `control` (or clears it) as the one a problem names, so its field says it is at fault. */
export function markControl(control, isInvalid) {
  if (!control) return;
  if (isInvalid) {
    control.focusTarget.setAttribute("aria-invalid", "true");
  } else {
    control.focusTarget.removeAttribute("aria-invalid");
  }
  control.element.classList.toggle("is-invalid", isInvalid);
}

/** `<tag attributes…>children</tag>`; an attribute that is undefined, null or false is left out. */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

/** A checkbox for a boolean; `spellings` maps each spelling the server takes to the value it stands for. */
function checkboxControl(id, label, spellings) {
  const input = element("input", { type: "checkbox", id });
  const wrapper = element("div", { class: "field field-check" }, input, element("label", { for: id }, label));
  return {
    element: wrapper,
    focusTarget: input,
    read: () => String(input.checked),
    write: (value) => { input.checked = spellings[value] === true; },
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

/** The range of a number schema in words: `0–256 pt`. */
function rangeWords(schema, unit) {
  return schema.minimum !== undefined && schema.maximum !== undefined
    ? `${schema.minimum}–${schema.maximum}${unit ? ` ${unit}` : ""}` : unit ?? "";
}

/**
 * A number typed into a field. Where it has no default the server publishes (a margin the scene
 * decides), an empty field says the server decides instead of showing a default the page cannot know.
 */
function numberControl(id, label, schema, unit, hasDefault) {
  const decided = hasDefault ? "" : "; left empty, the server decides";
  const hint = element("span", { class: "hint", id: `${id}-hint` }, rangeWords(schema, unit) + decided);
  const input = element("input", {
    type: "number", id, inputmode: "decimal", step: "any",
    min: schema.minimum, max: schema.maximum, "aria-describedby": hint.id,
    placeholder: hasDefault ? undefined : "default",
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

/** A number on a slider with `step`, its value shown beside it. */
function sliderControl(id, label, schema, step, unit) {
  const input = element("input", {
    type: "range", id, min: schema.minimum, max: schema.maximum, step, "aria-describedby": `${id}-value`,
  });
  const value = element("output", { id: `${id}-value`, for: id, class: "hint" });
  const show = () => { value.textContent = `${input.value}${unit ? ` ${unit}` : ""}`; };
  input.addEventListener("input", show);
  const wrapper = element("div", { class: "field field-slider" },
    element("label", { for: id }, label), input, value);
  return {
    element: wrapper,
    focusTarget: input,
    read: () => input.value,
    write: (text) => {
      if (text !== null && text !== undefined) input.value = text;
      show();
    },
  };
}

/** The arrow that points to each named side of the compass. */
const COMPASS_ARROWS = {
  topleft: "↖", top: "↑", topright: "↗", right: "→", bottomright: "↘", bottom: "↓", bottomleft: "↙", left: "←",
};

/**
 * Where the light comes from: a compass of the named directions (`points`, name → degrees) around
 * a field for any whole degrees in `range`. Picking a direction fills in its degrees, which is the
 * value sent; degrees of a named direction check its button.
 */
function directionControl(id, label, points, range, unit) {
  const field = element("input", {
    type: "number", id: `${id}-degrees`, inputmode: "numeric", step: 1, min: range.minimum, max: range.maximum,
  });
  const radios = Object.entries(points).map(([name, degrees]) => {
    const input = element("input", { type: "radio", name: id, value: name, id: `${id}-${name}` });
    const pick = () => { field.value = String(degrees); };
    input.addEventListener("input", pick);
    input.addEventListener("change", pick);
    return { input, name, degrees };
  });
  // Each button shows an arrow towards its side of the compass and is named in words.
  const cell = ({ input, name }) => {
    const words = name.replace(/^(top|bottom)(left|right)$/, "$1 $2");
    return element("label", { for: input.id, class: `compass-${name}`, title: words }, input,
      element("span", {}, element("span", { "aria-hidden": "true" }, COMPASS_ARROWS[name] ?? words),
        element("span", { class: "offscreen" }, words)));
  };
  const hint = element("span", { class: "hint", id: `${field.id}-hint` },
    `${range.minimum}–${range.maximum}, clockwise from the top`);
  field.setAttribute("aria-describedby", hint.id);
  // The degrees field stays outside the radio buttons' fieldset, which holds only them.
  const wrapper = element("div", { class: "field field-choice field-direction" },
    element("fieldset", { class: "field", id }, element("legend", {}, label),
      element("div", { class: "segments compass" }, ...radios.map(cell))),
    element("div", { class: "compass-degrees" },
      element("label", { for: field.id }, unit ? `${label}, degrees (${unit})` : `${label}, degrees`), field, hint));
  return {
    element: wrapper,
    focusTarget: radios[0].input,
    read: () => (field.value.trim() === "" ? null : field.value.trim()),
    write: (value) => {
      if (field.value !== (value ?? "")) field.value = value ?? "";
      for (const radio of radios) radio.input.checked = String(radio.degrees) === value;
    },
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
