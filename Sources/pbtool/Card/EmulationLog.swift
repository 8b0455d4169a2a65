import APDU
import Foundation
import VirtualCard

/// What `card emulate` tells its user: start, attach, detach, retries (each new reason once).
final class EmulationLog: @unchecked Sendable {
    private struct Line: Encodable {
        let time: String
        let event: String
        let port: UInt16
        let detail: String?
    }

    private let json: Bool
    private let port: UInt16
    private let lock = NSLock()
    private var lastRetryReason: String?

    init(json: Bool, port: UInt16) {
        self.json = json
        self.port = port
    }

    func started(card: VirtualCard, applets: [any Applet], stateFile: String?) {
        let names = applets.map { "\(type(of: $0)) \($0.aid.hexString(separator: ""))" }
        let reader = port == 35963 ? "Virtual PCD 00 00" : port == 35964 ? "Virtual PCD 00 01" : "vpcd port \(port)"
        emit("started", "reader \"\(reader)\", ATR \(card.atr.hexString()), applets: \(names.joined(separator: ", "))"
             + (stateFile.map { ", state in \($0)" } ?? "") + "; Ctrl-C to stop")
    }

    func record(_ event: VPCDAttachment.Event) {
        switch event {
        case .attached:
            lock.withLock { lastRetryReason = nil }
            emit("attached", "card inserted into vpcd")
        case .detached(let reason):
            emit("detached", reason)
        case .retrying(let delay, let reason):
            let isNew: Bool = lock.withLock {
                defer { lastRetryReason = reason }
                return lastRetryReason != reason
            }
            if isNew { emit("waiting", "\(reason); is pcscd running with vsmartcard-vpcd? retrying with backoff (next in \(delay))") }
        }
    }

    func finished() { emit("stopped", nil) }

    private func emit(_ event: String, _ detail: String?) {
        let time = ISO8601DateFormatter().string(from: Date())
        if json {
            try? JSONOutput.printLine(Line(time: time, event: event, port: port, detail: detail))
        } else {
            print("\(time) \(event)" + (detail.map { ": \($0)" } ?? ""))
        }
    }
}
