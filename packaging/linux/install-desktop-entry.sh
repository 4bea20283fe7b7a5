#!/bin/sh
# Puts "Boarding Actions Layout Editor" among your programs (a desktop
# entry and its icon, for you alone: nothing outside your home folder
# changes), with .yaml files offered to it under "Open With".
#   ./install-desktop-entry.sh            add it (run it again after moving this folder)
#   ./install-desktop-entry.sh --remove   take it away again
# The program itself is this folder: to uninstall, remove the entry, then
# delete the folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# desktop/ holds the entry as the pip install has it (Exec=layout-editor-gui)
# and the icons; the entry written below names this folder's program.
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/layout-editor.desktop"
icon="$data/icons/hicolor/256x256/apps/layout-editor.png"
svg="$data/icons/hicolor/scalable/apps/layout-editor.svg"

# The "Open With" list for .yaml files (mimeinfo.cache). No icon cache is
# made: a user's own icon cache would go stale and hide icons installed later.
refresh() {
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
}

if [ "${1:-}" = "--remove" ]; then
  rm -f "$entry" "$icon" "$svg"
  refresh
  echo "Removed the desktop entry. Delete $here to remove the program."
  exit 0
fi

mkdir -p "$data/applications" "$(dirname "$icon")" "$(dirname "$svg")"
cp "$here/desktop/layout-editor.png" "$icon"
cp "$here/desktop/layout-editor.svg" "$svg"
# The entry names this folder's program by its full path (quoted for the
# desktop: a folder name may hold spaces; \\ " ` $ escaped, % doubled).
exe=$(printf '%s' "$here/layout-editor" | sed -e 's/[\\"`$]/\\\\&/g' -e 's/%/%%/g')
while IFS= read -r line; do
  case $line in
    Exec=*) printf 'Exec="%s" edit %%f\n' "$exe" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$here/desktop/layout-editor.desktop" > "$entry.tmp"
mv "$entry.tmp" "$entry"
chmod 644 "$entry"
refresh
echo "Added \"Boarding Actions Layout Editor\" to your programs ($entry)."
