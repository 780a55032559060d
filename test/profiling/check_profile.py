#!/usr/bin/env python3
"""Runs profile_program with AMPVK_PROFILE=<trace> and AMPVK_LOG=all and checks
what the runtime prints: the log lines exactly, the profile table's launch
counts and bytes exactly and its GPU times as positive, and the trace file as
Chrome-trace JSON with an "X" event per kernel launch; the pipeline log lines
(one per kernel) and the runtime's set-up phases in the trace.

usage: check_profile.py PROGRAM SOURCE BUILD_DIR TRACE H2D_BYTES D2H_BYTES
  BUILD_DIR: where the compiler ran; the locations name the source file as
  the build spelled it (relative to BUILD_DIR with Ninja);
  H2D_BYTES / D2H_BYTES: the expected uploads and downloads, comma-separated,
  in order;
  with AMPVK_DEBUG_NO_TIMESTAMPS=1 in the environment the device has no
  timestamps: the table must say so and time nothing, and the trace holds no
  kernel event."""
import json
import os
import re
import subprocess
import sys

program, source, build_dir, trace = sys.argv[1:5]
uploads = [int(x) for x in sys.argv[5].split(",") if x]
downloads = [int(x) for x in sys.argv[6].split(",") if x]
failures = []
no_timestamps = os.environ.get("AMPVK_DEBUG_NO_TIMESTAMPS") == "1"


def check(ok, what):
    if not ok:
        failures.append(what)


def kernel_location(marker):
    with open(source) as f:
        for number, line in enumerate(f, 1):
            if marker in line:
                return "%s:%d:%d" % (spelled, number, line.index("[") + 1)
    sys.exit("no %s in %s" % (marker, source))


if os.path.exists(trace):
    os.remove(trace)
env = dict(os.environ, AMPVK_PROFILE=trace, AMPVK_LOG="all")
run = subprocess.run([program], env=env, capture_output=True, text=True, timeout=120)
print(run.stdout)
print(run.stderr)

first = re.search(r"^ampvk: launch (\S+):\d+:\d+ ", run.stderr, re.M)
spelled = first.group(1) if first else "(no launch line)"
check(os.path.realpath(os.path.join(build_dir, spelled)) == os.path.realpath(source),
      "the kernel's file %s is not %s" % (spelled, source))
scale = kernel_location("KERNEL-SCALE") + " main"
tiled = kernel_location("KERNEL-TILED") + " main"
on_view = kernel_location("KERNEL-VIEW") + " main"
check(run.returncode == 0, "exit status %d" % run.returncode)
check("results ok" in run.stdout, "the program's results are wrong")
device = re.search(r"^device: (.*)$", run.stdout, re.M).group(1)
index = re.search(r"^path: vulkan:(\d+):", run.stdout, re.M).group(1)
view = "view 0 of %s (Vulkan device %s)" % (device, index)
view1 = "view 1 of %s (Vulkan device %s)" % (device, index)

# The log: every launch and transfer, in order.
expected = []
for i in range(3):
    expected.append("ampvk: launch %s: extent 1024, untiled, %s" % (scale, view))
    if i == 0:
        expected += ["ampvk: transfer host->device %d bytes, upload before kernel, %s" % (n, view)
                     for n in uploads]
expected.append("ampvk: transfer device->host %d bytes, download for host access, %s"
                % (downloads[0], view))
expected.append("ampvk: launch %s: extent 64x64, tile 16x16, %s" % (tiled, view))
expected += ["ampvk: transfer device->host %d bytes, download for host access, %s" % (n, view)
             for n in downloads[1:]]
expected += [
    "ampvk: launch %s: extent 256, untiled, %s" % (on_view, view1),
    "ampvk: transfer host->device 1024 bytes, upload before kernel, %s" % view1,
    "ampvk: transfer device->host 1024 bytes, download when the last array_view is destroyed, %s"
    % view1]
uploads.append(1024)
downloads.append(1024)
log = [l for l in run.stderr.splitlines() if l.startswith(("ampvk: launch", "ampvk: transfer"))]
check(log == expected, "log lines:\n  " + "\n  ".join(log) + "\nexpected:\n  " +
      "\n  ".join(expected))

# One pipeline line per kernel, on the launches' device (the driver's
# statistics after "; " where it reports them).
device_text = "%s (Vulkan device %s)" % (device, index)
made = [re.match(r"^ampvk: pipeline (.+): created in \d+\.\d\d ms on (.+?)(; .+)?$", l)
        for l in run.stderr.splitlines() if l.startswith("ampvk: pipeline ")]
check(all(made) and sorted(m.group(1) for m in made) == sorted([scale, tiled, on_view]) and
      all(m.group(2) == device_text for m in made),
      "pipeline lines: %s" % [m.group(0) if m else None for m in made])

# The table.
lines = run.stderr.splitlines()
def row(label):
    for l in lines:
        if l.startswith(label + " "):
            return l[len(label):].split()
    failures.append("no table row for " + label)
    return None

for label, launches in ((scale, 3), (tiled, 1), (on_view, 1)):
    r = row(label)
    if r and no_timestamps:
        check(r == [str(launches), "0", "-", "-", "-", "-"], "%s: untimed row %s" % (label, r))
    elif r:
        check(r[0] == str(launches) and r[1] == str(launches),
              "%s: launches/timed %s, expected %d" % (label, r[:2], launches))
        total, mean, low, high = (float(x) for x in r[2:6])
        check(total > 0 and 0 < low <= mean <= high, "%s: GPU times %s" % (label, r[2:6]))
missing = ("ampvk profile: no GPU time on %s (Vulkan device %s): its compute queue family has "
           "no timestamps (timestampValidBits 0)" % (device, index))
check((missing in lines) == no_timestamps, "the line about missing timestamps")
for label, moves in (("host->device", uploads), ("device->host", downloads)):
    r = row(label)
    if r:
        check(r == [str(len(moves)), str(sum(moves))],
              "%s: %s, expected %d transfers of %d bytes" % (label, r, len(moves), sum(moves)))
r = row("device->device")
check(r is not None and r[:2] == ["0", "0"], "device->device row %s" % r)

# The trace.
with open(trace) as f:
    data = json.load(f)
events = data["traceEvents"]
kernels = [e for e in events if e.get("ph") == "X" and e.get("cat") == "kernel"]
check(sorted(e["name"] for e in kernels) ==
      ([] if no_timestamps else sorted([scale] * 3 + [tiled, on_view])),
      "trace kernel events: %s" % [e["name"] for e in kernels])
check(all(e["dur"] > 0 and e["ts"] >= 0 and isinstance(e["tid"], int) for e in kernels),
      "trace kernel events need a start, a positive duration and a track")
starts = [e["ts"] for e in kernels if e["name"] == scale]
check(starts == sorted(starts), "the three launches of one kernel are in order on the timeline")
copies = [e for e in events if e.get("ph") == "X" and e.get("cat") == "copy"]
check(sum(e["args"]["bytes"] for e in copies if e["name"].startswith("host->device"))
      >= sum(uploads), "trace copy events cover the uploads")
check(no_timestamps or any(e.get("ph") == "M" and e["name"] == "thread_name" and
                          e["args"]["name"].startswith("GPU: view 0 of ") for e in events),
      "the GPU track is named")

# The runtime's set-up, on a track of its own: the instance first, then the
# device opened (vkCreateDevice and the pipeline cache within it), then one
# pipeline per kernel, and the device memory the buffers took.
setup = [e for e in events if e.get("ph") == "X" and e.get("cat") == "setup"]
def phases(name):
    return [e for e in setup if e["name"] == name]
instance = phases("Vulkan instance created, devices described")
opened = phases("device opened")
check(len(instance) == 1 and len(opened) == 1 and len(phases("vkCreateDevice")) == 1 and
      len(phases("pipeline cache loaded")) == 1,
      "set-up events: %s" % [e["name"] for e in setup])
if len(instance) == 1 and len(opened) == 1:
    o = opened[0]
    check(instance[0]["ts"] + instance[0]["dur"] <= o["ts"], "the instance before the device")
    for inner in phases("vkCreateDevice") + phases("pipeline cache loaded"):
        check(o["ts"] <= inner["ts"] and inner["ts"] + inner["dur"] <= o["ts"] + o["dur"],
              "%s within the device's opening" % inner["name"])
    check(all(e["ts"] >= o["ts"] + o["dur"] for e in phases("pipeline created")),
          "pipelines after the device opened")
check(sorted(e["args"].get("kernel") for e in phases("pipeline created")) ==
      sorted([scale, tiled, on_view]), "pipeline events: %s" % phases("pipeline created"))
check(len(phases("device memory block allocated")) >= 1, "no memory block event")
tracks = {e["tid"]: e["args"]["name"] for e in events
          if e.get("ph") == "M" and e["name"] == "thread_name"}
check(all(e["dur"] >= 0 and tracks.get(e["tid"], "").startswith("runtime set-up") for e in setup),
      "every set-up event on a named set-up track")
check(len(instance) == 1 and tracks.get(instance[0]["tid"]) == "runtime set-up",
      "the first thread's set-up track is named")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
