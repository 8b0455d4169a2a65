import Foundation
import TestSupport

/// Runs the built `pbtool` under `umockdev-run` with a device description and a recording, as
/// umockdev documents: the real libusb talks to the emulated device.
enum UMockdevRun {
    /// What the recording is and where umockdev should attach it.
    enum Recording {
        /// `-p SYSFSPATH=FILE`: strictly ordered pcapng replay.
        case pcap(sysfsPath: String, file: String)
        /// `-i DEVNODE=FILE`: ioctl-tree replay.
        case ioctl(node: String, file: String)
        /// No recording: the device is only listed.
        case none
    }

    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/umockdev-run" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var isAvailable: Bool { SharedData.isAvailable && executable != nil }

    /// `--timeout` for a capture the recording must finish: replay on a loaded machine can take
    /// longer than the 10 s default, and the recording running out ends a capture that goes wrong.
    static let patientCapture = ["--timeout", "5m"]

    static let skipMessage = "needs ../shared/data (USB recordings) and umockdev-run (Debian package umockdev)"

    static let aes2501Device = SharedData.url("usb/aes2501/device").path
    static let aes2501Recording = Recording.pcap(
        sysfsPath: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-10",
        file: SharedData.url("usb/aes2501/capture.pcapng").path)
    static let vfs5011Device = SharedData.url("usb/vfs5011/device").path
    static let vfs5011Recording = Recording.ioctl(
        node: "/dev/bus/usb/002/017", file: SharedData.url("usb/vfs5011/capture.ioctl").path)

    /// The device description of `usb/<sensor>/`.
    static func device(_ sensor: String) -> String {
        SharedData.url("usb/\(sensor)/device").path
    }

    /// The recording of `usb/<sensor>/`, keyed as its device description says (pcapng by sysfs
    /// path, ioctl by device node).
    static func recording(_ sensor: String) throws -> Recording {
        let device = try RecordedDevice(sensor)
        let pcap = SharedData.url("usb/\(sensor)/capture.pcapng").path
        if FileManager.default.fileExists(atPath: pcap) {
            return .pcap(sysfsPath: device.sysfsPath, file: pcap)
        }
        return .ioctl(node: device.node, file: SharedData.url("usb/\(sensor)/capture.ioctl").path)
    }

    /// `pbtool arguments…` under umockdev with the device and recording of `usb/<sensor>/`.
    static func pbtool(_ arguments: [String], replaying sensor: String, timeout: Duration = TestPatience.limit,
                       environment: [String: String] = [:]) throws -> Outcome {
        try pbtool(arguments, device: device(sensor), recording: try recording(sensor), timeout: timeout,
                   environment: environment)
    }

    /// `umockdev-run -d device [-p|-i …] -- pbtool arguments…`, killed after `timeout`.
    static func pbtool(_ arguments: [String], device: String, recording: Recording,
                       timeout: Duration = TestPatience.limit, environment: [String: String] = [:]) throws -> Outcome {
        var command = ["-d", device]
        switch recording {
        case .pcap(let sysfs, let file): command += ["-p", "\(sysfs)=\(file)"]
        case .ioctl(let node, let file): command += ["-i", "\(node)=\(file)"]
        case .none: break
        }
        command += ["--", PBToolProcess.executable.path] + arguments
        return try run(executable ?? "/usr/bin/umockdev-run", command, timeout: timeout, environment: environment)
    }

    /// Runs `executable arguments…` and collects both output streams; a hang is killed after
    /// the tests' patience (`timeout` only ever lengthens it: a loaded machine is slow, not broken).
    static func run(_ executable: String, _ arguments: [String], timeout: Duration = TestPatience.limit,
                    environment: [String: String] = [:]) throws -> Outcome {
        // Each run gets its own sensor lock directory unless the test shares one on purpose:
        // replays of different recordings may emulate the same device node at the same time.
        let lockDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-locks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: lockDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: lockDirectory) }
        let merged = ProcessInfo.processInfo.environment
            .merging(["PBTOOL_LOCK_DIR": lockDirectory.path]) { $1 }
            .merging(environment) { $1 }
        let child = try ChildProcess(executable, arguments, environment: merged)
        let ended = try child.waitForExit(limit: max(timeout, TestPatience.limit))
        return Outcome(status: ended.status, standardOutput: child.standardOutput, standardError: child.standardError)
    }
}
