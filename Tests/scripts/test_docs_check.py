"""The rules of scripts/docs-check.py on small texts: each check passes on docs that match the code
and fails, naming the file and the drift, on docs that do not. No server, binary or toolchain."""

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "docs-check.py"
_spec = importlib.util.spec_from_file_location("docs_check", SCRIPT)
docs_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(docs_check)


def _parameter(name, schema, defaults, description, **extra):
    parameter = {"name": name, "in": "query", "description": description, "schema": schema}
    if defaults:
        parameter["x-relief-defaults"] = defaults
    parameter.update(extra)
    return parameter


OPENAPI = {
    "paths": {
        "/render": {
            "get": {
                "parameters": [
                    _parameter(
                        "component",
                        {"type": "string", "enum": ["button", "switch"], "default": "button"},
                        [{"value": "button"}],
                        "What to draw.",
                    ),
                    _parameter(
                        "width",
                        {"type": "number", "minimum": 16, "maximum": 1024},
                        [
                            {"when": {"parameter": "component", "in": ["switch"]}, "value": "170"},
                            {"value": "80"},
                        ],
                        "Frame width in points. Default: 170 when component is switch; otherwise 80.",
                        **{"x-relief-unit": "pt"},
                    ),
                    _parameter(
                        "pressed",
                        {"type": "boolean", "default": False, "x-relief-spellings": {"true": True, "false": False}},
                        [{"value": "false"}],
                        "Whether a button is drawn pressed | or not.",
                    ),
                    _parameter("label", {"type": "string", "minLength": 1, "maxLength": 64}, None, "Text."),
                ]
            }
        }
    }
}


# (a) the parameter reference


def test_parameter_reference_rows_hold_name_values_default_and_description():
    reference = docs_check.parameter_reference(OPENAPI)
    assert "| `component` | `button`, `switch` | `button` | What to draw. |" in reference
    assert (
        "| `width` | a number 16–1024 pt | 170 when component is switch; otherwise 80 | Frame width in points. |"
        in reference
    )
    assert "| `pressed` | `true`, `false` | `false` | Whether a button is drawn pressed \\| or not. |" in reference
    assert "| `label` | text of 1 to 64 characters | none | Text. |" in reference


def _http_md(reference):
    return f"# HTTP\n\nprose\n\n{docs_check.PARAMETERS_BEGIN}\n{reference}{docs_check.PARAMETERS_END}\n\nmore\n"


def test_parameters_pass_when_the_reference_is_the_generated_one():
    assert docs_check.check_parameters(_http_md(docs_check.parameter_reference(OPENAPI)), OPENAPI) == []


def test_parameters_fail_naming_the_parameter_whose_default_drifted():
    drifted = docs_check.parameter_reference(OPENAPI).replace("| `button` | What", "| `switch` | What")
    failures = docs_check.check_parameters(_http_md(drifted), OPENAPI)
    assert len(failures) == 1
    assert failures[0].path == "docs/HTTP.md"
    assert "component" in failures[0].what and "--write" in failures[0].fix


def test_parameters_fail_without_markers():
    failures = docs_check.check_parameters("# HTTP\n\n| parameter | values |\n", OPENAPI)
    assert len(failures) == 1 and "marker" in failures[0].fix


def test_write_replaces_only_the_text_between_the_markers():
    stale = _http_md("| old | table |\n")
    written = docs_check.replace_parameter_reference(stale, OPENAPI)
    assert written.startswith("# HTTP\n\nprose\n\n") and written.endswith("\n\nmore\n")
    assert docs_check.check_parameters(written, OPENAPI) == []


# (b) the module table


DUMP = {
    "targets": [
        {"name": "CLib", "type": "system", "dependencies": []},
        {"name": "Core", "type": "regular", "dependencies": []},
        {"name": "Engine", "type": "regular", "dependencies": [{"byName": ["Core", None]}, {"byName": ["CLib", None]}]},
        {"name": "tool", "type": "executable", "dependencies": [{"target": ["Engine", None]}]},
        {"name": "Support", "type": "regular", "path": "Tests/Support", "dependencies": []},
        {"name": "EngineTests", "type": "test", "dependencies": [{"byName": ["Engine", None]}]},
    ]
}

ARCHITECTURE = """# Architecture

| target | its job | may import |
|---|---|---|
| `Core` | the base | — (Glibc only) |
| `Engine` | the work | `Core`, `CLib` (libfoo) |
| `tool` | the command | `Engine` |

After the table.
"""


def test_modules_pass_when_each_row_names_its_dependencies():
    assert docs_check.check_modules(ARCHITECTURE, DUMP) == []


def test_modules_fail_for_a_dependency_the_row_leaves_out():
    failures = docs_check.check_modules(ARCHITECTURE.replace("`Core`, `CLib` (libfoo)", "`Core`"), DUMP)
    assert len(failures) == 1
    assert failures[0].path == "docs/ARCHITECTURE.md" and "`Engine`" in failures[0].what and "CLib" in failures[0].what


def test_modules_fail_for_an_import_package_swift_does_not_give():
    failures = docs_check.check_modules(ARCHITECTURE.replace("| `Engine` |\n", "| `Engine`, `Core` |\n"), DUMP)
    assert len(failures) == 1 and "`tool`" in failures[0].what and "Core" in failures[0].what


def test_modules_fail_for_a_missing_row_and_an_unknown_row():
    without_tool = ARCHITECTURE.replace("| `tool` | the command | `Engine` |\n", "| `ghost` | gone | — |\n")
    whats = [failure.what for failure in docs_check.check_modules(without_tool, DUMP)]
    assert any("no row for the target `tool`" in what for what in whats)
    assert any("`ghost`" in what for what in whats)


# (c) the components


def _readme(components):
    return (
        f"# R\n\nIt draws {docs_check.COMPONENTS_BEGIN}{components}{docs_check.COMPONENTS_END}.\n\n"
        "```sh\nrelief render 'q' -o a.png   # relief nothing here\n```\n\n"
        "`relief serve --help` and `make test`.\n"
    )


def test_components_pass_when_the_list_names_every_component():
    assert docs_check.check_components(_readme("a button (`button`) or a switch (`switch`)"), OPENAPI) == []


def test_components_fail_for_a_left_out_and_an_unknown_component():
    failures = docs_check.check_components(_readme("a button (`button`) or a slider (`slider`)"), OPENAPI)
    whats = " ".join(failure.what for failure in failures)
    assert len(failures) == 2 and "switch" in whats and "slider" in whats
    assert all(failure.path == "README.md" for failure in failures)


def test_components_fail_without_markers():
    assert len(docs_check.check_components("# R\n\nbutton, switch\n", OPENAPI)) == 1


# (d) the commands


HELP = """usage: relief render 'QUERY' -o FILE
  QUERY  the query
usage: relief audit 'QUERY'
       relief audit --screen FILE
usage: relief serve [OPTION...]
  --host HOST  the address
"""


def test_subcommands_are_read_from_the_usages():
    assert docs_check.subcommands(HELP) == ["audit", "render", "serve"]


def test_commands_pass_when_readme_names_every_subcommand_and_no_other():
    readme = _readme("") + "`relief audit 'q'` prints the audit.\n"
    assert docs_check.check_commands(readme, HELP) == []


def test_commands_fail_for_a_subcommand_readme_leaves_out():
    failures = docs_check.check_commands(_readme(""), HELP)
    assert len(failures) == 1 and "`relief audit`" in failures[0].what


def test_commands_fail_for_a_subcommand_that_does_not_exist():
    readme = _readme("") + "`relief audit 'q'` and `.build/release/relief draw 'q'`.\n"
    failures = docs_check.check_commands(readme, HELP)
    assert len(failures) == 1 and "`relief draw`" in failures[0].what


# (e) make targets


MAKEFILE = """SWIFT ?= swift
.PHONY: test lint

## test: everything
test swift-test: BINARY_SCRATCH = $(TEST_SCRATCH)
test: lint swift-test
\techo make nothing

lint:
\tswift format lint
"""


def test_makefile_targets_leave_out_variables_and_target_specific_variables():
    assert docs_check.makefile_targets(MAKEFILE) == {"test", "lint"}


@pytest.mark.parametrize("text", ["`make test`", "```sh\nmake lint   # lint\n```\n", "`make CONFIG=debug test`"])
def test_make_targets_pass_for_targets_of_the_makefile(text):
    assert docs_check.check_make_targets({"README.md": text}, MAKEFILE) == []


def test_make_targets_fail_for_a_target_the_makefile_lacks():
    failures = docs_check.check_make_targets({"docs/X.md": "Run `make docs` and `make test`."}, MAKEFILE)
    assert len(failures) == 1
    assert failures[0].path == "docs/X.md" and "`make docs`" in failures[0].what
