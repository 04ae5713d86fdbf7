#!/usr/bin/env python3
"""Checks that the docs say what the code does.

usage: scripts/docs-check.py RELIEF_BINARY [--write]

Starts `RELIEF serve` on a free loopback port and reads its /openapi.json, runs `RELIEF --help` and
`swift package dump-package` (SWIFT, default `swift`), then checks:

  parameters  docs/HTTP.md's parameter reference, between <!-- parameters:begin --> and
              <!-- parameters:end -->, is the text generated from /openapi.json's /render
              parameters (`--write` writes it);
  modules     docs/ARCHITECTURE.md's module table: each target's "may import" column names exactly
              its dependencies in Package.swift, and every target of Sources has a row;
  components  README.md's component list, between <!-- components:begin --> and
              <!-- components:end -->, names exactly the values of /render's `component`;
  commands    README.md mentions every subcommand of `relief --help` (as `relief NAME` in code),
              and no other;
  make        every `make TARGET` in README.md and docs/*.md is a target of the Makefile.

Each drift prints the file, what drifted and how to fix it; the exit status is 1 if any check fails.
The checks are functions of texts and dicts (Tests/scripts/test_docs_check.py tests them).
"""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PARAMETERS_BEGIN = "<!-- parameters:begin -->"
PARAMETERS_END = "<!-- parameters:end -->"
COMPONENTS_BEGIN = "<!-- components:begin -->"
COMPONENTS_END = "<!-- components:end -->"


class Failure:
    """One drift: the file, what drifted and how to fix it."""

    def __init__(self, path, what, fix):
        self.path, self.what, self.fix = path, what, fix

    def __str__(self):
        return f"{self.path}: {self.what}\n  fix: {self.fix}"

    def __repr__(self):
        return f"Failure({self.path!r}, {self.what!r})"


# ---------------------------------------------------------------------------------------------------
# (a) The parameter reference of docs/HTTP.md, generated from /openapi.json.


def _code(value):
    return f"`{value}`"


def _number(value):
    """A number as a query writes it: 10, not 10.0."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _range(low, high, unit):
    text = f"{_number(low)}–{_number(high)}"
    return f"{text} {unit}" if unit else text


def parameter_values(parameter):
    """The values `parameter` (an OpenAPI query parameter of Relief's) takes, in words."""
    schema = parameter.get("schema", {})
    unit = parameter.get("x-relief-unit")
    kind = schema.get("type")
    if "enum" in schema:
        return ", ".join(_code(v) for v in schema["enum"])
    if kind == "boolean":
        spellings = schema.get("x-relief-spellings")
        names = list(spellings) if spellings else ["true", "false"]
        return ", ".join(_code(v) for v in names)
    if kind == "number":
        return "a number " + _range(schema["minimum"], schema["maximum"], unit)
    if kind == "integer":
        return "a whole number " + _range(schema["minimum"], schema["maximum"], unit)
    if "x-relief-list" in schema:
        shape = schema["x-relief-list"]
        items = shape.get("items", {})
        item_words = parameter_values({"schema": items}) if items else "items"
        escape = shape.get("escape")
        escaping = (
            f" ({_code(escape + shape['separator'])} for one inside an item, {_code(escape + escape)} for {_code(escape)})"
            if escape
            else ""
        )
        return (
            f"{shape['minItems']} to {shape['maxItems']} items separated by "
            f"{_code(shape['separator'])}{escaping}, each {item_words}"
        )
    if "anyOf" in schema:
        parts = []
        for option in schema["anyOf"]:
            if "enum" in option:
                parts.append(", ".join(_code(v) for v in option["enum"]))
            elif option.get("format") == "color":
                parts.append("a colour `rrggbb` (optionally after `#`)")
            elif option.get("type") == "integer":
                parts.append("whole degrees " + _range(option["minimum"], option["maximum"], None))
            else:
                parts.append(_code(json.dumps(option, sort_keys=True)))
        return "; or ".join(parts)
    if kind == "string" and "maxLength" in schema:
        examples = schema.get("examples")
        text = f"text of {schema.get('minLength', 1)} to {schema['maxLength']} characters"
        if examples:
            text += ", e.g. " + ", ".join(_code(v) for v in examples)
        return text
    return _code(json.dumps(schema, sort_keys=True))


def _split_default(description):
    """`description` without the sentence on defaults by condition that /openapi.json ends it with, and
    that sentence's words ("80 when …; otherwise 80"), or None."""
    marker = " Default: "
    at = description.rfind(marker)
    if at < 0:
        return description, None
    return description[:at], description[at + len(marker) :].rstrip(".")


def parameter_default(parameter):
    """`parameter`'s default in words: its value, the values by condition as its description words
    them, or none."""
    defaults = parameter.get("x-relief-defaults")
    if not defaults:
        return "none"
    if len(defaults) == 1:
        return _code(defaults[0]["value"])
    _, words = _split_default(parameter.get("description", ""))
    if words:
        return words
    return "; ".join(_code(entry["value"]) for entry in defaults)


def parameter_description(parameter):
    """`parameter`'s description, less the defaults by condition (the default column holds them)."""
    description = parameter.get("description", "")
    if len(parameter.get("x-relief-defaults") or []) > 1:
        description, _ = _split_default(description)
    return description


def _cell(text):
    return " ".join(str(text).split()).replace("|", "\\|")


def parameter_reference(openapi):
    """The Markdown of docs/HTTP.md's parameter reference: a row per parameter of /render."""
    parameters = openapi["paths"]["/render"]["get"]["parameters"]
    lines = [
        "| parameter | values | default | description |",
        "|---|---|---|---|",
    ]
    for parameter in parameters:
        lines.append(
            "| "
            + " | ".join(
                [
                    _code(parameter["name"]),
                    _cell(parameter_values(parameter)),
                    _cell(parameter_default(parameter)),
                    _cell(parameter_description(parameter)),
                ]
            )
            + " |"
        )
    return "\n".join(lines) + "\n"


def _between(text, begin, end):
    """The text between the markers begin and end, or None when they are not both there, in order."""
    start = text.find(begin)
    stop = text.find(end, start + len(begin)) if start >= 0 else -1
    if start < 0 or stop < 0:
        return None
    return text[start + len(begin) : stop]


def replace_parameter_reference(http_md, openapi):
    """`http_md` with the reference between its markers generated again."""
    start = http_md.index(PARAMETERS_BEGIN) + len(PARAMETERS_BEGIN)
    stop = http_md.index(PARAMETERS_END, start)
    return http_md[:start] + "\n" + parameter_reference(openapi) + http_md[stop:]


def check_parameters(http_md, openapi, path="docs/HTTP.md"):
    """Failures where `http_md`'s parameter reference is not the one `openapi` gives."""
    written = _between(http_md, PARAMETERS_BEGIN, PARAMETERS_END)
    if written is None:
        return [
            Failure(
                path,
                f"no parameter reference between {PARAMETERS_BEGIN} and {PARAMETERS_END}",
                "put the two marker lines where the reference goes, then run scripts/docs-check.py RELIEF --write",
            )
        ]
    expected = "\n" + parameter_reference(openapi)
    if written == expected:
        return []
    written_rows = {row.split("|")[1].strip(): row for row in written.splitlines() if row.startswith("| `")}
    expected_rows = {row.split("|")[1].strip(): row for row in expected.splitlines() if row.startswith("| `")}
    drifted = [name for name in expected_rows if written_rows.get(name) != expected_rows[name]]
    drifted += [name for name in written_rows if name not in expected_rows]
    what = "the parameter reference differs from /openapi.json's /render parameters"
    if drifted:
        what += " (" + ", ".join(drifted) + ")"
    return [Failure(path, what, "run scripts/docs-check.py RELIEF --write, which writes it from the table")]


# ---------------------------------------------------------------------------------------------------
# (b) The module table of docs/ARCHITECTURE.md against Package.swift.


def package_dependencies(dump):
    """{target: set of its dependencies} for the targets of Sources, from `swift package dump-package`."""
    targets = {}
    for target in dump["targets"]:
        if target["type"] not in ("regular", "executable"):
            continue
        if (target.get("path") or "Sources/").startswith("Tests/"):
            continue
        names = set()
        for dependency in target.get("dependencies", []):
            for value in dependency.values():
                names.add(value[0] if isinstance(value, list) else value)
        targets[target["name"]] = names
    return targets


def module_table(architecture_md):
    """{target: set of the names in its "may import" column} from the table whose header has `may import`."""
    rows = {}
    lines = architecture_md.splitlines()
    for index, line in enumerate(lines):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and "may import" in cells:
            column = cells.index("may import")
            for row in lines[index + 2 :]:
                if not row.startswith("|"):
                    break
                row_cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
                targets = re.findall(r"`([^`]+)`", row_cells[0])
                imports = set(re.findall(r"`([^`]+)`", row_cells[column]))
                for target in targets:
                    rows[target] = imports
            break
    return rows


def check_modules(architecture_md, dump, path="docs/ARCHITECTURE.md"):
    """Failures where the module table and Package.swift disagree, either way."""
    table = module_table(architecture_md)
    if not table:
        return [Failure(path, "no module table (a table with a `may import` column)", "restore the table")]
    package = package_dependencies(dump)
    failures = []
    for target, dependencies in package.items():
        if target not in table:
            failures.append(
                Failure(
                    path,
                    f"the module table has no row for the target `{target}`",
                    "add its row, its dependencies in Package.swift in backticks in `may import`",
                )
            )
            continue
        missing = sorted(dependencies - table[target])
        extra = sorted(table[target] - dependencies)
        if missing:
            failures.append(
                Failure(
                    path,
                    f"`{target}` may import {', '.join(missing)} by Package.swift, which its row leaves out",
                    "add them to its `may import` column, or drop them from Package.swift",
                )
            )
        if extra:
            failures.append(
                Failure(
                    path,
                    f"`{target}`'s row says it may import {', '.join(extra)}, which Package.swift does not give it",
                    "drop them from its `may import` column, or add them to Package.swift",
                )
            )
    for target in sorted(set(table) - set(package)):
        failures.append(
            Failure(path, f"the module table has a row for `{target}`, which is no target of Sources", "drop the row")
        )
    return failures


# ---------------------------------------------------------------------------------------------------
# (c) README's component list against /openapi.json.


def component_names(openapi):
    """The values of /render's `component` parameter."""
    for parameter in openapi["paths"]["/render"]["get"]["parameters"]:
        if parameter["name"] == "component":
            return list(parameter["schema"]["enum"])
    raise KeyError("/render has no component parameter")


def check_components(readme, openapi, path="README.md"):
    """Failures where README's component list and /render's components differ."""
    listed = _between(readme, COMPONENTS_BEGIN, COMPONENTS_END)
    if listed is None:
        return [
            Failure(
                path,
                f"no component list between {COMPONENTS_BEGIN} and {COMPONENTS_END}",
                "put the list of components, each `name` as component= takes it, between the markers",
            )
        ]
    named = set(re.findall(r"`([^`]+)`", listed))
    components = component_names(openapi)
    failures = []
    missing = [name for name in components if name not in named]
    unknown = sorted(named - set(components))
    if missing:
        failures.append(
            Failure(path, "the component list leaves out " + ", ".join(missing), "add them to the list between the markers")
        )
    if unknown:
        failures.append(
            Failure(
                path,
                "the component list names " + ", ".join(unknown) + ", which /render's component does not take",
                "drop them from the list, or spell them as component= takes them",
            )
        )
    return failures


# ---------------------------------------------------------------------------------------------------
# (d) README's commands against `relief --help`.


def subcommands(help_text):
    """The subcommands `relief --help` gives usages for."""
    return sorted(set(re.findall(r"^\s*(?:usage:\s+)?relief\s+([a-z][a-z-]*)", help_text, re.MULTILINE)))


def _code_texts(markdown):
    """The code of `markdown`: fenced blocks without their shell comments, and inline code spans."""
    texts = []
    fenced = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
    for block in fenced.findall(markdown):
        texts += [re.sub(r"(^|\s)#.*", "", line) for line in block.splitlines()]
    prose = fenced.sub("", markdown)
    texts += [double or single for double, single in re.findall(r"``(.+?)``|`([^`\n]+)`", prose, re.DOTALL)]
    return texts


def mentioned_subcommands(markdown):
    """The subcommands `markdown` names in code as `relief NAME` (or `…/relief NAME`)."""
    names = set()
    for text in _code_texts(markdown):
        names.update(re.findall(r"(?:^|[\s/])relief\s+([a-z][a-z-]*)", text))
    return names


def check_commands(readme, help_text, path="README.md"):
    """Failures where README and `relief --help` disagree on the subcommands."""
    commands = subcommands(help_text)
    if not commands:
        return [Failure(path, "`relief --help` named no subcommand", "check the binary given")]
    mentioned = mentioned_subcommands(readme)
    failures = []
    missing = [name for name in commands if name not in mentioned]
    unknown = sorted(mentioned - set(commands))
    if missing:
        failures.append(
            Failure(
                path,
                "README never mentions " + ", ".join(f"`relief {name}`" for name in missing),
                "say what it does, with `relief NAME …` in code",
            )
        )
    if unknown:
        failures.append(
            Failure(
                path,
                "README mentions " + ", ".join(f"`relief {name}`" for name in unknown) + ", which `relief --help` does not have",
                "drop it or name the subcommand that does that",
            )
        )
    return failures


# ---------------------------------------------------------------------------------------------------
# (e) `make TARGET` in the docs against the Makefile.


def makefile_targets(makefile):
    """The targets the Makefile defines (rules' left-hand sides, variables and specials left out)."""
    targets = set()
    for line in makefile.splitlines():
        match = re.match(r"^([A-Za-z0-9_][A-Za-z0-9_. -]*?)\s*:(?!=)", line)
        if not match or line.startswith("\t"):
            continue
        rest = line[match.end() :]
        if re.match(r"\s*[A-Z_]+\s*[:+?]?=", rest):
            continue  # a target-specific variable
        targets.update(match.group(1).split())
    return targets


def mentioned_make_targets(markdown):
    """The targets `markdown` names in code as `make TARGET`."""
    names = set()
    for text in _code_texts(markdown):
        for match in re.finditer(r"(?:^|[\s(`])make\s+((?:[A-Z_]+=\S+\s+)*)([a-z][a-z0-9-]*)", text):
            names.add(match.group(2))
    return names


def check_make_targets(documents, makefile):
    """Failures for each `make TARGET` in `documents` ({path: text}) that the Makefile lacks."""
    targets = makefile_targets(makefile)
    failures = []
    for path, text in documents.items():
        for name in sorted(mentioned_make_targets(text) - targets):
            failures.append(
                Failure(
                    path,
                    f"`make {name}` is no target of the Makefile",
                    "name the target that does it, or add the target to the Makefile",
                )
            )
    return failures


# ---------------------------------------------------------------------------------------------------
# What the checks read: the service's /openapi.json, `relief --help`, `swift package dump-package`.


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch_openapi(relief, timeout=60):
    """/openapi.json of `relief serve` on a free loopback port, once /healthz answers 200."""
    port = free_port()
    server = subprocess.Popen(
        [relief, "serve", "--host", "127.0.0.1", "--port", str(port)]
        + ["--access-log", "off", "--drain-seconds", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"{relief} serve exited with {server.returncode}: {server.stderr.read().decode()}")
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{relief} serve did not answer /healthz with 200 within {timeout} s")
            time.sleep(0.2)
        with urllib.request.urlopen(base + "/openapi.json", timeout=30) as answer:
            return json.load(answer)
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def help_text(relief):
    return subprocess.run([relief, "--help"], check=True, capture_output=True, text=True).stdout


def dump_package():
    swift = os.environ.get("SWIFT", "swift")
    env = dict(os.environ)
    if shutil.which(swift, path=env.get("PATH")) is None:
        env["PATH"] = env.get("PATH", "") + os.pathsep + "/opt/swift/usr/bin"
    swift = shutil.which(swift, path=env["PATH"]) or swift
    result = subprocess.run(
        [swift, "package", "dump-package"], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return json.loads(result.stdout)


def main(arguments):
    write = "--write" in arguments
    rest = [argument for argument in arguments if argument != "--write"]
    if len(rest) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    relief = rest[0]
    openapi = fetch_openapi(relief)
    commands_help = help_text(relief)
    dump = dump_package()

    http_path = ROOT / "docs/HTTP.md"
    http_md = http_path.read_text()
    if write and PARAMETERS_BEGIN in http_md and PARAMETERS_END in http_md:
        regenerated = replace_parameter_reference(http_md, openapi)
        if regenerated != http_md:
            http_path.write_text(regenerated)
            print("docs/HTTP.md: the parameter reference written again from /openapi.json")
        http_md = regenerated

    readme = (ROOT / "README.md").read_text()
    documents = {"README.md": readme}
    documents.update({f"docs/{p.name}": p.read_text() for p in sorted((ROOT / "docs").glob("*.md"))})
    checks = {
        "parameters": check_parameters(http_md, openapi),
        "modules": check_modules((ROOT / "docs/ARCHITECTURE.md").read_text(), dump),
        "components": check_components(readme, openapi),
        "commands": check_commands(readme, commands_help),
        "make": check_make_targets(documents, (ROOT / "Makefile").read_text()),
    }
    failed = False
    for name, failures in checks.items():
        if failures:
            failed = True
            print(f"docs-check {name}: FAILED")
            for failure in failures:
                print(f"  {failure}".replace("\n", "\n  "))
        else:
            print(f"docs-check {name}: ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
