#!/usr/bin/env bash
# Builds the Dockerfile with podman and checks the image does what docs/operations.md says:
# ready on a read-only root with a data volume, shares kept by a new container, a clean stop
# on SIGTERM, no root process, at most 300 MB, and a valid compose.yaml. No registry serves
# the base image here, so one is built from Debian packages (debootstrap) with this
# machine's Node.js and tagged as the Dockerfile's default base.
# Needs root, podman, runc, debootstrap, podman-compose, curl and node. FORCE=1 rebuilds the
# cached base image; CONTAINER_TEST_PORT picks the host port.
set -euo pipefail
cd "$(dirname "$0")/.."

base_tag=docker.io/library/node:20-bookworm-slim
image=localhost/codedrop:container-test
port=${CONTAINER_TEST_PORT:-3987}
max_image_bytes=$((300 * 1000 * 1000))
run=codedrop-test-$$
volume=$run-data
work=$(mktemp -d)
failures=0

# The flags podman needs on this machine (crun and systemd cgroups refuse here). Without
# systemd podman cannot time the image's HEALTHCHECK and says so at every start and stop;
# the check is run by hand below.
pm() { podman --runtime runc --cgroup-manager=cgroupfs "$@" 2> >(grep -v 'systemd connection' >&2); }
limits=(--ulimit nofile=1024:1024 --ulimit nproc=1000:1000)
# The web build opens more than 1024 files at once (an unresolved import is the symptom).
build_limits=(--ulimit nofile=16384:16384 --ulimit nproc=1000:1000)

cleanup() {
  pm rm -f -t 0 "$run-a" "$run-b" >/dev/null 2>&1 || true
  pm volume rm -f "$volume" >/dev/null 2>&1 || true
  for kind in network volume; do # what the podman-compose dry run below creates
    pm "$kind" ls -q --filter "label=io.podman.compose.project=$run" |
      xargs -r podman "$kind" rm >/dev/null 2>&1 || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

phase() {
  local now
  now=$(date +%s)
  [ -z "${phase_name:-}" ] || printf '   (%s: %ss)\n' "$phase_name" "$((now - phase_start))"
  phase_name=$1 phase_start=$now
  printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"
}
# check "what" command...: one PASS or FAIL line; a failure fails the run at its end.
check() {
  local what=$1
  shift
  if "$@"; then printf 'PASS  %s\n' "$what"; else
    printf 'FAIL  %s\n' "$what"
    failures=$((failures + 1))
  fi
}
# The same, for what every later check depends on: a failure ends the run at once.
require() {
  local before=$failures
  check "$@"
  [ "$failures" = "$before" ] || exit 1
}
# The value at a dotted path ("downloadUrls.0.url") of the JSON on stdin.
json() {
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    let v = JSON.parse(s || "null"); for (const k of process.argv[1].split(".")) v = v?.[k];
    process.stdout.write(v === undefined || v === null ? "" : String(v)); });' "$1"
}
url() { printf 'http://127.0.0.1:%s%s' "$port" "$1"; }

phase "tools"
for tool in podman runc debootstrap podman-compose curl node; do
  command -v "$tool" >/dev/null || {
    echo "FAIL  $tool is missing (apt-get install podman runc debootstrap podman-compose curl)"
    exit 1
  }
done

phase "base image $base_tag"
if [ "${FORCE:-0}" != 1 ] && pm image exists "$base_tag"; then
  echo "cached (FORCE=1 rebuilds it)"
else
  previous=$(pm image inspect --format '{{.Id}}' "$base_tag" 2>/dev/null || true)
  rootfs=$work/rootfs
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian \
    >"$work/debootstrap.log" 2>&1 || {
    tail -20 "$work/debootstrap.log"
    exit 1
  }
  # The official image's layout: node, npm and the headers under /usr/local.
  node_bin=$(readlink -f "$(command -v node)")
  node_prefix=$(dirname "$(dirname "$node_bin")")
  install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules" "$rootfs/usr/local/include" "$rootfs/usr/local/etc"
  cp -a "$node_prefix/lib/node_modules/npm" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # OpenSSL's settings for every other platform are most of the headers' size.
  tar -C "$node_prefix/include" --exclude='node/openssl/archs/*' -c node | tar -C "$rootfs/usr/local/include" -x
  arch_dir=$node_prefix/include/node/openssl/archs/linux-$(uname -m)
  [ ! -d "$arch_dir" ] || cp -a "$arch_dir" "$rootfs/usr/local/include/node/openssl/archs/"
  # Where this machine reaches the registry through authorities of its own, so does npm here.
  cafile=$(npm config get cafile)
  if [ -f "$cafile" ]; then
    mkdir -p "$rootfs/etc/ssl/certs"
    cp "$cafile" "$rootfs/etc/ssl/certs/ca-certificates.crt"
    echo 'cafile=/etc/ssl/certs/ca-certificates.crt' >"$rootfs/usr/local/etc/npmrc"
  fi
  # As Debian's slim images: no package caches, lists, manuals or translations.
  printf 'path-exclude /usr/share/%s/*\n' doc man info locale >"$rootfs/etc/dpkg/dpkg.cfg.d/slim"
  echo 'path-include /usr/share/doc/*/copyright' >>"$rootfs/etc/dpkg/dpkg.cfg.d/slim"
  find "$rootfs/usr/share/doc" -type f ! -name copyright -delete
  rm -rf "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  tar --numeric-owner -C "$rootfs" -c . |
    pm import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["node"]' - "$base_tag" >/dev/null
  rm -rf "$rootfs"
  [ -z "$previous" ] || pm rmi "$previous" >/dev/null 2>&1 || true
fi
pm run --rm "${limits[@]}" "$base_tag" node -e 'console.log("Node.js", process.version)'

phase "podman build (the Dockerfile as it is, default base)"
previous=$(pm image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
# Docker's format keeps HEALTHCHECK (OCI has no field for it); the base is never pulled.
pm build --format docker --pull=never "${build_limits[@]}" -t "$image" -f Dockerfile . \
  >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log"
  exit 1
}
echo "built $image ($(pm image inspect --format '{{.Id}}' "$image" | cut -c1-12))"
# The image this build replaced, unless it is the same (its layers stay as the cache).
[ -z "$previous" ] || [ "$previous" = "$(pm image inspect --format '{{.Id}}' "$image")" ] ||
  pm rmi "$previous" >/dev/null 2>&1 || true

start_container() {
  pm run -d --name "$1" --health-interval=disable --read-only --tmpfs /tmp -v "$volume:/data" \
    "${limits[@]}" -p "127.0.0.1:$port:3000" "$image" >/dev/null
  for _ in $(seq 1 60); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$(url /readyz)")" = 200 ] && return 0
    [ "$(pm inspect --format '{{.State.Running}}' "$1")" = true ] || break
    sleep 1
  done
  pm logs "$1" 2>&1 | tail -20
  return 1
}

phase "run: read-only root, a data volume, a tmpfs /tmp"
pm volume create "$volume" >/dev/null
require "/readyz answers 200" start_container "$run-a"

text="hello from the container $$"
code=$(curl -fsS -H 'content-type: application/json' \
  -d "{\"type\":\"clipboard\",\"content\":\"$text\"}" "$(url /api/shares)" | json code || true)
check "create a text share (code ${code:-none})" test -n "$code"
read_text() { [ "$(curl -fsS "$(url "/api/shares/$code")" | json content)" = "$text" ]; }
check "read the text share back" read_text

head -c 1048576 /dev/urandom >"$work/payload.bin"
file_code=$(curl -fsS -F maxDownloads=5 -F "file=@$work/payload.bin;filename=payload.bin" \
  "$(url /api/files)" | json code || true)
check "upload a 1 MiB file (code ${file_code:-none})" test -n "$file_code"
download_file() {
  local link
  link=$(curl -fsS -H 'content-type: application/json' -d '{}' \
    "$(url "/api/shares/$file_code/downloads")" | json downloadUrls.0.url)
  # The link names the public origin; the same path is fetched on the mapped port.
  link=$(node -e 'const u = new URL(process.argv[1], "http://h"); console.log(u.pathname + u.search)' "$link")
  curl -fsS -o "$work/downloaded.bin" "$(url "$link")" && cmp -s "$work/payload.bin" "$work/downloaded.bin"
}
check "download the file, byte for byte" download_file

uids=$(pm exec "$run-a" sh -c 'grep -h "^Uid:" /proc/[0-9]*/status' | awk '{print $2}' | sort -u)
non_root() { [ -n "$uids" ] && ! grep -qx 0 <<<"$uids"; }
check "every process runs as a non-root user (uid $(echo $uids))" non_root
read_only() { ! pm exec "$run-a" touch /app/x 2>/dev/null; }
check "the root filesystem is read-only" read_only
check "the image's HEALTHCHECK (/livez) passes" pm healthcheck run "$run-a"

started=$(date +%s%N)
pm stop -t 10 "$run-a" >/dev/null
stopped_ms=$((($(date +%s%N) - started) / 1000000))
exit_code=$(pm inspect --format '{{.State.ExitCode}}' "$run-a")
check "podman stop (SIGTERM) ends it in $stopped_ms ms (limit 10 s)" test "$stopped_ms" -lt 10000
check "it exits cleanly (code $exit_code; a SIGKILL is 137)" test "$exit_code" = 0
# Not grep -q: quitting early would fail the pipeline (pipefail) by SIGPIPE.
drained() { pm logs "$run-a" 2>&1 | grep 'shutting down' >/dev/null; }
check "the server drained on SIGTERM" drained

phase "a new container on the same volume"
pm rm "$run-a" >/dev/null
require "/readyz answers 200 again" start_container "$run-b"
check "the text share is still there" read_text
check "the file is still there" download_file
pm stop -t 10 "$run-b" >/dev/null

phase "image size"
size=$(pm image inspect --format '{{.Size}}' "$image")
check "image size $((size / 1000000)) MB (limit $((max_image_bytes / 1000000)) MB)" test "$size" -le "$max_image_bytes"

phase "compose.yaml"
# The secrets compose.yaml requires, as an operator exports them.
compose_env=(POSTGRES_PASSWORD=example-db-password S3_SECRET_ACCESS_KEY=example-s3-secret
  URL_SIGNING_KEY=example-url-signing-key-of-32-characters-or-more
  RECOVERY_KEY=example-recovery-key-of-32-characters-or-more)
compose_config() {
  if podman-compose --help 2>&1 | grep -w config >/dev/null; then
    podman-compose -f compose.yaml config
  else
    # Debian 12's podman-compose (1.0.3) has no `config`: a dry run reads and interpolates
    # the file and prints each container's podman command without running it (it does
    # create the project's network and volumes, which the cleanup removes).
    podman-compose -p "$run" -f compose.yaml --dry-run up --no-build -d
  fi
}
with_secrets() {
  (export "${compose_env[@]}" && "$@") >"$work/compose.log" 2>&1 || {
    tail -20 "$work/compose.log"
    return 1
  }
}
without_secrets() {
  ! (unset POSTGRES_PASSWORD S3_SECRET_ACCESS_KEY URL_SIGNING_KEY RECOVERY_KEY && "$@") >/dev/null 2>&1
}
check "podman-compose -f compose.yaml config" with_secrets compose_config
check "compose.yaml refuses to start without its secrets" without_secrets compose_config
# The instances' environment, interpolated as compose does, for CodeDrop's own validation.
env "${compose_env[@]}" python3 - >"$work/compose.env" <<'EOF'
import os, re, yaml
env = yaml.safe_load(open('compose.yaml'))['services']['codedrop-1']['environment']
pattern = re.compile(r'\$\{(\w+)(?::([-?])([^}]*))?\}')
def sub(m):
    name, op, arg = m.groups()
    if os.environ.get(name): return os.environ[name]
    if op == '-': return arg
    raise SystemExit(arg or name + ' is not set')
for key, value in env.items():
    print(key + '=' + pattern.sub(sub, str(value)))
EOF
accepts_config() {
  pm run --rm --health-interval=disable "${limits[@]}" --env-file "$work/compose.env" "$image" \
    node -e 'import("/app/apps/server/dist/config/config.js").then((m) => m.loadConfig(process.env))'
}
check "CodeDrop's start-up validation accepts the instances' settings" accepts_config

phase "done"
if [ "$failures" -gt 0 ]; then
  echo "FAIL: $failures check(s) failed"
  exit 1
fi
echo "PASS: every container check"
