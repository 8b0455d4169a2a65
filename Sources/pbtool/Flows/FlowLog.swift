import APDU
import Biometry
import Foundation

/// `--log-file`: events and APDUs, one line each, from the flow's thread and the command's.
final class FlowLog: @unchecked Sendable {
    private let file: RotatingLogFile
    private let lock = NSLock()

    /// Opens the log; a path rotation may not touch is a ``FileError`` (exit 2) before anything moves.
    init(path: String) throws {
        file = try RotatingLogFile(path: path)
    }

    func record(_ event: BiometryEvent) {
        write(EventLogLine.text(event))
    }

    /// An APDU as the transport traced it (redacted unless `--log-secrets`).
    func record(_ entry: APDUTraceEntry) {
        write("\(EventLogLine.timestamp(Date())) apdu \(entry)")
    }

    func record(warning: String) {
        write("\(EventLogLine.timestamp(Date())) warning \(warning)")
    }

    func record(error: any Error) {
        write("\(EventLogLine.timestamp(Date())) error \(ErrorReport(error).message)")
    }

    private func write(_ line: String) {
        lock.withLock { file.write(line) }
    }
}
