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
        let elapsed: Duration
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

    /// `umockdev-run -d device [-p|-i …] -- pbtool arguments…`, killed after `timeout`.
    static func pbtool(_ arguments: [String], device: String, recording: Recording,
                       timeout: Duration = .seconds(60)) throws -> Outcome {
        var command = ["-d", device]
        switch recording {
        case .pcap(let sysfs, let file): command += ["-p", "\(sysfs)=\(file)"]
        case .ioctl(let node, let file): command += ["-i", "\(node)=\(file)"]
        case .none: break
        }
        command += ["--", PBToolProcess.executable.path] + arguments
        return try run(executable ?? "umockdev-run", command, timeout: timeout)
    }

    private static func run(_ executable: String, _ arguments: [String], timeout: Duration) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let start = ContinuousClock.now
        try process.run()
        let outText = PipeReader(output), errText = PipeReader(error)
        while process.isRunning {
            if ContinuousClock.now - start > timeout {
                process.terminate()
                process.waitUntilExit()
                throw RanTooLong(arguments: arguments, timeout: timeout)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, standardOutput: outText.finish(),
                       standardError: errText.finish(), elapsed: ContinuousClock.now - start)
    }

    struct RanTooLong: Error, CustomStringConvertible {
        let arguments: [String]
        let timeout: Duration
        var description: String { "umockdev-run \(arguments.joined(separator: " ")) ran past \(timeout)" }
    }
}

/// Drains a pipe on its own thread so the child never blocks on a full pipe.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
