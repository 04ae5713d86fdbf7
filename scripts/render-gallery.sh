#!/usr/bin/env bash
# Renders every style × component × state at scale 2 into one folder, with an index.html that
# shows them in a grid at their size in points, so the whole catalogue can be checked at a glance.
#
# Usage: scripts/render-gallery.sh [RELIEF_BINARY] [OUT_DIR]
#        (defaults: .build/release/relief and out/gallery)
set -euo pipefail

relief="${1:-.build/release/relief}"
out_dir="${2:-out/gallery}"
scale=2

styles=(light dark colorful soft)
# "name|query" for every component and state, without style and scale.
variants=(
    "button-circle|component=button&shape=circle"
    "button-circle-pressed|component=button&shape=circle&pressed=true"
    "button-rounded|component=button&shape=rounded"
    "button-rounded-pressed|component=button&shape=rounded&pressed=true"
    "button-capsule|component=button&shape=capsule"
    "button-capsule-pressed|component=button&shape=capsule&pressed=true"
    "toggle-off|component=toggle&on=false"
    "toggle-on|component=toggle&on=true"
    "switch-off|component=switch&on=false"
    "switch-on|component=switch&on=true"
    "well-shallow|component=well&depth=shallow"
    "well-deep|component=well&depth=deep"
    "card|component=card"
)

[[ -x "$relief" ]] || { echo "render-gallery: no executable at $relief (build it with 'make release')" >&2; exit 1; }
mkdir -p "$out_dir"

# A PNG's width sits big-endian in bytes 16-19 (the IHDR chunk).
png_width() {
    local b
    read -r -a b < <(od -An -tu1 -j16 -N4 "$1")
    echo $(((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]))
}

# Replacements are quoted so that bash 5.2 does not read '&' in them as the matched text.
html_escape() {
    local text="${1//&/"&amp;"}"
    text="${text//</"&lt;"}"
    echo "${text//>/"&gt;"}"
}

sections=""
failures=()
for style in "${styles[@]}"; do
    figures=""
    for variant in "${variants[@]}"; do
        name="$style-${variant%%|*}"
        query="style=$style&${variant#*|}&scale=$scale"
        file="$name.png"
        if ! "$relief" render "$query" -o "$out_dir/$file"; then
            failures+=("$query")
            continue
        fi
        # Shown at its size in points, so scale-2 pixels stay sharp on a high-density screen.
        # The caption leaves out style and scale, which the section and the page name.
        figures+="      <figure title=\"$(html_escape "$query")\"><img src=\"$file\" alt=\"$name\""
        figures+=" width=\"$(($(png_width "$out_dir/$file") / scale))\">"
        caption="$(html_escape "${variant#*|}")"
        # Lines break before each parameter rather than inside one.
        figures+="<figcaption>${caption//"&amp;"/"<wbr>&amp;"}</figcaption></figure>"$'\n'
    done
    sections+="  <h2>$style</h2>"$'\n'"  <div class=\"grid\">"$'\n'"$figures  </div>"$'\n'
done

cat >"$out_dir/index.html" <<EOF
<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Relief gallery</title>
  <style>
    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f4f4f6; color: #1c1c1e; }
    .grid { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
    /* A table caption wraps to the image's width. */
    figure { margin: 0; display: table; }
    figcaption { display: table-caption; caption-side: bottom; font: 12px ui-monospace, monospace; }
  </style>
</head>
<body>
  <h1>Relief gallery</h1>
  <p>Every style, component and state at scale $scale, rendered by <code>relief render</code>.</p>
$sections</body>
</html>
EOF

rendered=$((${#styles[@]} * ${#variants[@]} - ${#failures[@]}))
echo "render-gallery: $rendered images in $out_dir; open $out_dir/index.html"
if [[ ${#failures[@]} -gt 0 ]]; then
    echo "render-gallery: ${#failures[@]} queries failed:" >&2
    printf '  %s\n' "${failures[@]}" >&2
    exit 1
fi
