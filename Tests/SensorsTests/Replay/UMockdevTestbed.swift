import Foundation
import TestSupport

/// A umockdev testbed in which devices come and go while `pbtool` runs: the testbed adds a
/// recorded sensor (its recording, then its device description, which sends the kernel's "add"
/// uevent), or sends "remove" and drops it; libusb's hotplug support sees both through udev.
///
/// Driven by a small Python program (umockdev's GObject bindings, Debian `gir1.2-umockdev-1.0`)
/// run under `umockdev-wrapper`; each step waits for a line of pbtool's output first, so the
/// test follows events, not the clock.
enum UMockdevTestbed {
    /// One step of the plan.
    enum Step {
        /// Wait (up to 60 s) until pbtool's standard error contains the text.
        case waitForError(String)
        /// Wait until pbtool's standard output contains the text.
        case waitForOutput(String)
        /// Add the recorded sensor `usb/<name>` with its recording ("add" is sent).
        case plug(String)
        /// Send "remove" for it and drop it.
        case unplug(String)

        var json: [String: String] {
            switch self {
            case .waitForError(let text): ["wait": "stderr", "text": text]
            case .waitForOutput(let text): ["wait": "stdout", "text": text]
            case .plug(let sensor): ["plug": sensor]
            case .unplug(let sensor): ["unplug": sensor]
            }
        }
    }

    static var isAvailable: Bool {
        UMockdevRun.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-wrapper") && {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            probe.arguments = ["-c", "import gi; gi.require_version('UMockdev', '1.0'); from gi.repository import UMockdev"]
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        }()
    }

    static let skipMessage = "needs ../shared/data, umockdev-wrapper and umockdev's Python bindings (Debian gir1.2-umockdev-1.0)"

    /// Runs `pbtool arguments…` in an empty testbed and carries out `plan` while it runs.
    static func pbtool(_ arguments: [String], plan: [Step], timeout: Duration = TestPatience.limit) throws -> UMockdevRun.Outcome {
        let planJSON = String(decoding: try JSONSerialization.data(withJSONObject: plan.map(\.json)), as: UTF8.self)
        return try UMockdevRun.run("/usr/bin/umockdev-wrapper",
                                   ["/usr/bin/python3", "-c", script, SharedData.url("usb").path, planJSON,
                                    PBToolProcess.executable.path] + arguments, timeout: timeout)
    }

    private static let script = """
        import gi, json, os, subprocess, sys, threading, time
        gi.require_version('UMockdev', '1.0')
        from gi.repository import UMockdev
        data, plan, command = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3:]
        testbed = UMockdev.Testbed.new()
        env = dict(os.environ, UMOCKDEV_DIR=testbed.get_root_dir())
        child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        seen = {'stdout': '', 'stderr': ''}
        def relay(stream, name, sink):
            for line in iter(stream.readline, b''):
                text = line.decode('utf-8', 'replace')
                seen[name] += text
                sink.write(text)
                sink.flush()
        for stream, name, sink in [(child.stdout, 'stdout', sys.stdout), (child.stderr, 'stderr', sys.stderr)]:
            threading.Thread(target=relay, args=(stream, name, sink), daemon=True).start()
        def device(sensor):
            text = open(os.path.join(data, sensor, 'device')).read()
            lines = text.splitlines()
            path = '/sys' + next(l[3:] for l in lines if l.startswith('P: '))
            node = '/dev/' + next(l[3:] for l in lines if l.startswith('N: ')).split('=')[0]
            return text, path, node
        for step in plan:
            if 'wait' in step:
                end = time.monotonic() + 300
                while step['text'] not in seen[step['wait']]:
                    if time.monotonic() > end or child.poll() is not None:
                        sys.stderr.write('testbed: gave up waiting for %r on %s\\n' % (step['text'], step['wait']))
                        child.kill()
                        sys.exit(97)
                    time.sleep(0.02)
            elif 'plug' in step:
                # The recording first: adding the device sends "add", and pbtool opens it at once.
                text, path, node = device(step['plug'])
                ioctl = os.path.join(data, step['plug'], 'capture.ioctl')
                pcap = os.path.join(data, step['plug'], 'capture.pcapng')
                if os.path.exists(ioctl):
                    testbed.load_ioctl(node, ioctl)
                else:
                    testbed.load_pcap(path, pcap)
                testbed.add_from_string(text)
            elif 'unplug' in step:
                text, path, node = device(step['unplug'])
                testbed.uevent(path, 'remove')
                testbed.remove_device(path)
        status = child.wait()
        time.sleep(0.1)
        sys.exit(status)
        """
}
