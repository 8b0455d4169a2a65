import Foundation
import TestSupport

/// Runs the built `pbtool` under `umockdev-run` with a device description and a recording, as
/// usb-replay-testing.md §2.1 describes: the real libusb talks to the emulated device.
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

    static let skipMessage = "needs ../shared/data (USB recordings) and umockdev-run (Debian package umockdev)"

    static let aes2501Device = SharedData.url("usb/aes2501/device").path
    static let aes2501Recording = Recording.pcap(
        sysfsPath: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-10",
        file: SharedData.url("usb/aes2501/capture.pcapng").path)
    static let vfs5011Device = SharedData.url("usb/vfs5011/device").path
    static let vfs5011Recording = Recording.ioctl(
        node: "/dev/bus/usb/002/017", file: SharedData.url("usb/vfs5011/capture.ioctl").path)

    /// `umockdev-run -d device [-p|-i …] -- pbtool arguments…`; a hang is killed after the
    /// tests' patience.
    static func pbtool(_ arguments: [String], device: String, recording: Recording) throws -> Outcome {
        var command = ["-d", device]
        switch recording {
        case .pcap(let sysfs, let file): command += ["-p", "\(sysfs)=\(file)"]
        case .ioctl(let node, let file): command += ["-i", "\(node)=\(file)"]
        case .none: break
        }
        command += ["--", PBToolProcess.executable.path] + arguments
        let child = try ChildProcess(executable ?? "/usr/bin/umockdev-run", command)
        let ended = try child.waitForExit()
        return Outcome(status: ended.status, standardOutput: child.standardOutput, standardError: child.standardError)
    }
}
