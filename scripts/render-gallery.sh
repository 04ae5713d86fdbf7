#!/usr/bin/env bash
# Renders every style × component × state into one folder, with an index.html that shows them in a
# grid at their size in points, so the whole catalogue can be checked at a glance. The list of
# pictures is `relief gallery`'s, the same the playground's gallery shows.
#
# Usage: scripts/render-gallery.sh [RELIEF_BINARY] [OUT_DIR]
#        (defaults: .build/release/relief and out/gallery; `make gallery` builds and runs it)
set -euo pipefail

relief="${1:-.build/release/relief}"
out_dir="${2:-out/gallery}"

[[ -x "$relief" ]] || { echo "render-gallery: no executable at $relief (build it with 'make binary')" >&2; exit 1; }
# One line per picture: style, file name, query, caption, separated by tabs.
listing="$("$relief" gallery)"
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

styles=()
declare -A figures=()
failures=()
scale=1
while IFS=$'\t' read -r style name query caption; do
    [[ -v "figures[$style]" ]] || { styles+=("$style"); figures[$style]=""; }
    # The pictures are drawn at the scale their query names.
    [[ "$query" =~ (^|&)scale=([0-9]+)(&|$) ]] && scale="${BASH_REMATCH[2]}"
    file="$name.png"
    if ! "$relief" render "$query" -o "$out_dir/$file"; then
        failures+=("$query")
        continue
    fi
    # Shown at its size in points, so the scaled pixels stay sharp on a high-density screen.
    figures[$style]+="      <figure title=\"$(html_escape "$query")\"><img src=\"$file\" alt=\"$name\""
    figures[$style]+=" width=\"$(($(png_width "$out_dir/$file") / scale))\">"
    figures[$style]+="<figcaption>$(html_escape "$caption")</figcaption></figure>"$'\n'
done <<<"$listing"

sections=""
for style in "${styles[@]}"; do
    sections+="  <h2>$style</h2>"$'\n'"  <div class=\"grid\">"$'\n'"${figures[$style]}  </div>"$'\n'
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
    figcaption { display: table-caption; caption-side: bottom; font-size: 12px; }
  </style>
</head>
<body>
  <h1>Relief gallery</h1>
  <p>Every style, component and state at scale $scale, rendered by <code>relief render</code>.</p>
$sections</body>
</html>
EOF

rendered=$(($(wc -l <<<"$listing") - ${#failures[@]}))
echo "render-gallery: $rendered images in $out_dir; open $out_dir/index.html"
if [[ ${#failures[@]} -gt 0 ]]; then
    echo "render-gallery: ${#failures[@]} queries failed:" >&2
    printf '  %s\n' "${failures[@]}" >&2
    exit 1
fi
