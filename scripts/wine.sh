#!/usr/bin/env bash
# Prepares Wine for running Sleak's Windows builds (the Direct3D 11 and 12
# backends) on Linux, idempotently:
#
#   scripts/wine.sh setup        install Wine (scripts/deps.sh wine), create the
#                                prefix, place bcryptprimitives.dll, unpack a
#                                newer lavapipe for Wine's Vulkan (Debian 12),
#                                build winexec.exe and write the
#                                go_windows_amd64_exec wrapper
#   scripts/wine.sh env          print the exports that put the wrapper on PATH
#                                (eval "$(scripts/wine.sh env)")
#   scripts/wine.sh run CMD...   setup, then run CMD with that environment
#   scripts/wine.sh sources      print the sources.list line setup would fetch
#                                the newer lavapipe from (the system's mirror)
#
# Everything lives under ${SLEAK_WINE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/sleak}:
# wineprefix/ (about 700 MB), lavapipe/ (about 65 MB),
# bin/winexec.exe and bin/go_windows_amd64_exec. With that folder on PATH,
# `GOOS=windows GOARCH=amd64 go test` runs test binaries under Wine.
# SLEAK_WINE_LAVAPIPE=system at setup keeps Wine on the system's Vulkan
# driver. See docs/DIRECTX.md.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base=${SLEAK_WINE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/sleak}
prefix=$base/wineprefix
bindir=$base/bin
wrapper=$bindir/go_windows_amd64_exec
winexec=$bindir/winexec.exe
lvp=$base/lavapipe
lvp_json=$lvp/lvp_icd.json
lvp_codename=bookworm
lvp_suite=$lvp_codename-backports

# wine64 runs 64-bit programs without the 32-bit half Debian's "wine"
# launcher asks for.
find_wine() {
  local w
  for w in /usr/lib/wine/wine64 "$(command -v wine64 2>/dev/null || true)" "$(command -v wine 2>/dev/null || true)"; do
    if [[ -n "$w" && -x "$w" ]]; then
      echo "$w"
      return 0
    fi
  done
  return 1
}

find_wineserver() {
  local w
  for w in /usr/lib/wine/wineserver "$(command -v wineserver 2>/dev/null || true)"; do
    if [[ -n "$w" && -x "$w" ]]; then
      echo "$w"
      return 0
    fi
  done
  return 1
}

# Debian 12's lavapipe (Mesa 22.3) lacks VK_EXT_descriptor_indexing, without
# which Wine 8.0's vkd3d 1.6 cannot bind a descriptor table, so Direct3D 12
# could not read a texture. Wine runs therefore use the lavapipe of
# bookworm-backports' mesa-vulkan-drivers, unpacked (never installed) into
# $lvp with the libraries it needs newer than the system's, and found through
# $lvp_json. The system's Mesa stays as it is for everything else.
# Skipped when $lvp/VERSIONS records a finished unpack whose driver is still
# there. Fails with a message (Wine then stays on the system's driver).
setup_lavapipe() {
  local so
  so=$(sed -nE 's/.*"library_path": *"([^"]+)".*/\1/p' "$lvp_json" 2>/dev/null || true)
  if [[ -f "$lvp/VERSIONS" && -n "$so" && -f "$so" ]]; then
    return 0
  fi
  echo "wine.sh: fetching lavapipe from Debian $lvp_suite into $lvp (once, about 12 MB)" >&2
  local tmp
  tmp=$(mktemp -d "$base/lavapipe.XXXXXX") || return 1
  if ! fetch_lavapipe "$tmp"; then
    rm -rf "$tmp"
    return 1
  fi
  rm -rf "$lvp"
  if ! mv "$tmp" "$lvp"; then
    rm -rf "$tmp"
    return 1
  fi
  echo "wine.sh: lavapipe for Wine ready: $(paste -sd, "$lvp/VERSIONS" | sed 's/,/, /g')" >&2
}

# system_sources prints the sources.list line for $lvp_suite main on the
# mirror the system's own apt configuration uses for $lvp_codename main
# (found through apt-config, so APT_CONFIG and non-default folders count;
# one-line .list files and deb822 .sources alike), keeping its Signed-By.
# A proxy or other Acquire settings need nothing here: apt-get reads them
# from the system's configuration as always. Fails with a message when no
# source names $lvp_codename main.
system_sources() {
  local SL="" SP=""
  eval "$(apt-config shell SL Dir::Etc::sourcelist/f SP Dir::Etc::sourceparts/d 2>/dev/null)" || true
  SL=${SL:-/etc/apt/sources.list}
  SP=${SP:-/etc/apt/sources.list.d/}
  local files=() f
  [[ -r "$SL" ]] && files+=("$SL")
  for f in "$SP"*.list "$SP"*.sources; do
    [[ -r "$f" ]] && files+=("$f")
  done
  local found
  found=$(for f in "${files[@]}"; do
    if [[ "$f" == *.sources ]]; then
      # deb822: blank-line separated stanzas of Field: value lines.
      awk -v want="$lvp_codename" '
        function flush() {
          if (types ~ /(^| )deb( |$)/ && enabled != "no" && (" " suites " ") ~ (" " want " ") && (" " comps " ") ~ / main /) {
            split(uris, u, " "); print u[1] "\t" signed; exit
          }
          types = uris = suites = comps = signed = enabled = ""
        }
        /^[ \t]*$/ { flush(); next }
        /^[ \t]*#/ { next }
        /^[ \t]/ { next } # continuation lines (an inline key): not a path
        {
          k = tolower($1); sub(/:$/, "", k); v = $0; sub(/^[^:]*:[ \t]*/, "", v)
          if (k == "types") types = v; else if (k == "uris") uris = v; else if (k == "suites") suites = v
          else if (k == "components") comps = v; else if (k == "signed-by" && v ~ /^\//) signed = v
          else if (k == "enabled") enabled = tolower(v)
        }
        END { flush() }' "$f"
    else
      # One-line: deb [opt=value ...] URI SUITE COMPONENT...
      awk -v want="$lvp_codename" '
        $1 != "deb" { next }
        {
          i = 2; signed = ""
          if ($2 ~ /^\[/) {
            for (; i <= NF; i++) {
              o = $i; gsub(/[][]/, "", o)
              if (o ~ /^signed-by=/) { sub(/^signed-by=/, "", o); signed = o }
              if ($i ~ /\]$/) { i++; break }
            }
          }
          uri = $i; suite = $(i + 1); main = 0
          for (j = i + 2; j <= NF; j++) if ($j == "main") main = 1
          if (suite == want && main) { print uri "\t" signed; exit }
        }' "$f"
    fi
  done | head -n 1)
  if [[ -z "$found" ]]; then
    echo "wine.sh: no deb source for $lvp_codename main in the system's apt configuration (${files[*]:-no sources files}): cannot tell which mirror serves $lvp_suite" >&2
    return 1
  fi
  local uri=${found%%$'\t'*} signed=${found#*$'\t'}
  if [[ -n "$signed" ]]; then
    echo "deb [signed-by=$signed] $uri $lvp_suite main"
  else
    echo "deb $uri $lvp_suite main"
  fi
}

# fetch_lavapipe DIR downloads and unpacks into DIR what $lvp holds, with the
# ICD JSON already naming the driver at its place under $lvp.
fetch_lavapipe() {
  local tmp=$1
  mkdir -p "$tmp/apt/lists/partial" "$tmp/apt/cache/archives/partial" "$tmp/debs" "$tmp/root" || return 1
  # The suite comes from the mirror the system already uses, so a local
  # mirror or a proxy set up for apt works here too.
  system_sources >"$tmp/apt/sources.list" || return 1
  echo "wine.sh: $(cat "$tmp/apt/sources.list")" >&2
  # A private sources list, package lists and cache: the system's apt state
  # is only read.
  local apt=(-o "Dir::Etc::SourceList=$tmp/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$tmp/apt/lists" -o "Dir::Cache=$tmp/apt/cache"
    -o Debug::NoLocking=1 -o "APT::Sandbox::User=$(id -un)")
  local log=$tmp/log
  if ! apt-get "${apt[@]}" -q update >"$log" 2>&1; then
    sed 's/^/  /' "$log" >&2
    echo "wine.sh: apt-get update of $lvp_suite failed" >&2
    return 1
  fi

  # mesa-vulkan-drivers, plus each dependency the system's version does not
  # satisfy (libdrm2 (>= 2.4.121) against bookworm's 2.4.114).
  local pkgs=("mesa-vulkan-drivers/$lvp_suite") missing=() depends dep name op ver status have
  depends=$(apt-cache "${apt[@]}" show "mesa-vulkan-drivers/$lvp_suite" 2>>"$log" | sed -n 's/^Depends: //p' | head -n 1)
  if [[ -z "$depends" ]]; then
    sed 's/^/  /' "$log" >&2
    echo "wine.sh: $lvp_suite has no mesa-vulkan-drivers" >&2
    return 1
  fi
  while read -r dep; do
    dep=${dep%%|*}
    name=$(sed -E 's/^ *([^ (:]+).*/\1/' <<<"$dep")
    op=$(sed -nE 's/.*\(([<>=]+) *([^)]+)\).*/\1/p' <<<"$dep")
    ver=$(sed -nE 's/.*\(([<>=]+) *([^)]+)\).*/\2/p' <<<"$dep")
    status=$(dpkg-query -W -f='${Status}' "$name" 2>/dev/null || true)
    have=$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null || true)
    if [[ "$status" == *" installed" ]] && { [[ -z "$op" ]] || dpkg --compare-versions "$have" "$op" "$ver"; }; then
      continue
    fi
    if apt-cache "${apt[@]}" show "$name/$lvp_suite" >/dev/null 2>&1; then
      pkgs+=("$name/$lvp_suite")
    else
      missing+=("$dep")
    fi
  done < <(tr ',' '\n' <<<"$depends")
  if ((${#missing[@]})); then
    echo "wine.sh: the newer lavapipe needs packages this system lacks and $lvp_suite does not have:${missing[*]/#/ }" >&2
    return 1
  fi
  if ! (cd "$tmp/debs" && apt-get "${apt[@]}" -q download "${pkgs[@]}") >>"$log" 2>&1; then
    sed 's/^/  /' "$log" >&2
    echo "wine.sh: downloading ${pkgs[*]} failed" >&2
    return 1
  fi
  local deb
  for deb in "$tmp"/debs/*.deb; do
    dpkg-deb -x "$deb" "$tmp/root" || { echo "wine.sh: unpacking $deb failed" >&2; return 1; }
    dpkg-deb -f "$deb" Package Version | paste -sd' ' | sed 's/^Package: \(.*\) Version: /\1 /' >>"$tmp/versions"
  done

  local so
  so=$(find "$tmp/root" -name libvulkan_lvp.so -print -quit)
  if [[ -z "$so" ]]; then
    echo "wine.sh: mesa-vulkan-drivers from $lvp_suite has no libvulkan_lvp.so" >&2
    return 1
  fi
  local notfound
  notfound=$(LD_LIBRARY_PATH=${so%/*} ldd "$so" 2>&1 | grep 'not found' || true)
  if [[ -n "$notfound" ]]; then
    printf '%s\n' "$notfound" | sed 's/^[[:space:]]*/  /' >&2
    echo "wine.sh: the newer lavapipe ($so) misses these libraries" >&2
    return 1
  fi

  local api
  api=$(sed -nE 's/.*"api_version": *"([^"]+)".*/\1/p' "$tmp/root/usr/share/vulkan/icd.d/lvp_icd.json" 2>/dev/null || true)
  printf '{\n    "file_format_version": "1.0.0",\n    "ICD": {\n        "library_path": "%s",\n        "api_version": "%s"\n    }\n}\n' \
    "$lvp/${so#"$tmp"/}" "${api:-1.3.0}" >"$tmp/lvp_icd.json"
  rm -rf "$tmp/debs" "$tmp/apt" "$log"
  mv "$tmp/versions" "$tmp/VERSIONS"
}

# use_lavapipe says whether Wine should run on the private lavapipe: on
# Debian 12 (amd64), unless SLEAK_WINE_LAVAPIPE=system.
use_lavapipe() {
  [[ "${SLEAK_WINE_LAVAPIPE:-}" != system ]] || return 1
  [[ -r /etc/os-release ]] && grep -qx 'VERSION_CODENAME=bookworm' /etc/os-release || return 1
  command -v dpkg >/dev/null && [[ "$(dpkg --print-architecture)" == amd64 ]] || return 1
  command -v apt-get >/dev/null || return 1
}

setup() {
  bash "$root/scripts/deps.sh" wine
  local wine wineserver
  wine=$(find_wine) || { echo "wine.sh: no wine64 after installing Wine" >&2; return 1; }
  wineserver=$(find_wineserver) || { echo "wine.sh: no wineserver after installing Wine" >&2; return 1; }
  mkdir -p "$bindir"

  local sys32=$prefix/drive_c/windows/system32
  if [[ ! -f "$prefix/system.reg" || ! -d "$sys32" ]]; then
    echo "wine.sh: creating the Wine prefix in $prefix (takes about 15 s)" >&2
    mkdir -p "$prefix"
    # mscoree and mshtml are disabled so wineboot does not offer to
    # download Mono and Gecko.
    WINEPREFIX=$prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" "$wine" wineboot -i >/dev/null 2>&1 || true
    WINEPREFIX=$prefix "$wineserver" -w || true
    [[ -d "$sys32" ]] || { echo "wine.sh: wineboot did not create $sys32" >&2; return 1; }
  fi

  # Go's Windows runtime needs bcryptprimitives.dll!ProcessPrng, which Wine
  # 8.0 lacks; the DLL is generated by the repository's own tool.
  local dll=$sys32/bcryptprimitives.dll tmp
  tmp=$(mktemp)
  (cd "$root" && GOOS= GOARCH= CGO_ENABLED=0 go run ./tools/prngdll -o "$tmp")
  if ! cmp -s "$tmp" "$dll"; then
    cp "$tmp" "$dll"
  fi
  rm -f "$tmp"

  # The wrapper runs programs through winexec (tools/winexec), which
  # reports the exit code Windows recorded rather than the status of a
  # Linux process that Wine's server may have killed on its way out.
  tmp=$(mktemp "$bindir/winexec.XXXXXX")
  if ! (cd "$root" && GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go build -o "$tmp" ./tools/winexec); then
    rm -f "$tmp"
    echo "wine.sh: building tools/winexec failed" >&2
    return 1
  fi
  if cmp -s "$tmp" "$winexec"; then
    rm -f "$tmp"
  else
    mv "$tmp" "$winexec"
  fi

  local vulkan=""
  if use_lavapipe; then
    if setup_lavapipe; then
      local libdir
      libdir=$(sed -nE 's/.*"library_path": *"([^"]+)\/libvulkan_lvp\.so".*/\1/p' "$lvp_json")
      vulkan=$(cat <<VK
# Vulkan (wined3d's renderer and vkd3d) on the lavapipe that scripts/wine.sh
# unpacked from Debian $lvp_suite, versions in
# $lvp/VERSIONS: Debian 12's own lacks
# VK_EXT_descriptor_indexing, without which Direct3D 12 cannot bind textures.
export VK_DRIVER_FILES="$lvp_json"
export VK_ICD_FILENAMES="$lvp_json"
export LD_LIBRARY_PATH="$libdir\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
# lavapipe binds at most 8 descriptor sets; vkd3d's default layout needs 9
# for a root signature with root descriptors.
export VKD3D_CONFIG="\${VKD3D_CONFIG:-virtual_heaps}"
VK
)
    else
      echo "wine.sh: warning: Wine stays on the system's Vulkan driver, on which Direct3D 12 cannot sample textures (its picture tests skip, or fail with SLEAK_REQUIRE_DRIVERS=1); the next scripts/wine.sh setup tries again" >&2
    fi
  fi

  # setpriv (util-linux) ends Wine when the wrapper is killed outright,
  # as a test timeout does; winexec's job then ends the program.
  local deathsig=""
  if setpriv --help 2>&1 | grep -q -- --pdeathsig; then
    deathsig="setpriv --pdeathsig KILL "
  fi

  local want
  want=$(cat <<WRAP
#!/usr/bin/env bash
# Runs a Windows binary built by \`go test\`/\`go run\` under Wine (written by
# scripts/wine.sh), as the child of winexec.exe, and exits with the exit
# code Windows recorded for it: Wine's server kills a process still there
# half a second after its last thread ended, which on a busy machine turns
# a test binary that passed into "signal: killed". Signals to this script
# go on to Wine, and Wine ends if this script is killed.
export WINEPREFIX="\${WINEPREFIX:-$prefix}"
export WINEDEBUG="\${WINEDEBUG:--all}"
export WINEDLLOVERRIDES="\${WINEDLLOVERRIDES:-mscoree,mshtml=}"
# wined3d on Vulkan (lavapipe) is about 3x faster than on OpenGL (llvmpipe).
export WINE_D3D_CONFIG="\${WINE_D3D_CONFIG:-renderer=vulkan}"
${vulkan:+$vulkan
}status=\$(mktemp "\${TMPDIR:-/tmp}/sleak-wine-status.XXXXXX")
trap 'rm -f "\$status"' EXIT
# A command run in the background reads /dev/null unless told otherwise:
# pass stdin on when there is one (a caller may have closed it).
if [[ -e /dev/fd/0 ]]; then exec {in}<&0; else exec {in}</dev/null; fi
SLEAK_WINE_STATUS=\$status $deathsig"$wine" "$winexec" "\$@" <&"\$in" &
child=\$!
for sig in INT TERM QUIT HUP; do
  trap "kill -\$sig \$child 2>/dev/null" "\$sig"
done
rc=0
wait "\$child" || rc=\$?
while kill -0 "\$child" 2>/dev/null; do # a signal ended the wait
  rc=0
  wait "\$child" || rc=\$?
done
if [[ -s "\$status" ]]; then
  code=\$(<"\$status")
  # As Wine does: a code whose low byte is 0 stays a failure.
  code=\$(( code == 0 ? 0 : (code % 256 == 0 ? 1 : code % 256) ))
  if [[ \$rc != "\$code" ]]; then
    echo "go_windows_amd64_exec: Wine ended with status \$rc; \${1##*/} exited with code \$code" >&2
  fi
  rc=\$code
fi
exit "\$rc"
WRAP
)
  if [[ ! -f "$wrapper" ]] || [[ "$(cat "$wrapper")" != "$want" ]]; then
    printf '%s\n' "$want" >"$wrapper"
    chmod +x "$wrapper"
  fi
}

print_env() {
  printf 'export PATH=%q:"$PATH"\n' "$bindir"
  printf 'export WINEPREFIX=%q\n' "$prefix"
}

case "${1:-setup}" in
  setup) setup ;;
  sources) system_sources ;;
  env) print_env ;;
  run)
    shift
    setup
    export PATH=$bindir:$PATH WINEPREFIX=$prefix
    exec "$@"
    ;;
  *)
    echo "usage: scripts/wine.sh [setup | env | sources | run CMD...]" >&2
    exit 2
    ;;
esac
