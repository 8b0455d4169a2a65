import Fingerprint

extension UPEKTCSensor {
    /// Sends a numbered command and counts the number up (4 bits, wrapping).
    func send(_ command: (UInt8) -> UPEKTCMessage, phase: String) throws {
        try link.steps().run(UPEKTCCommands.send(command(sequence)), phase: phase)
        sequence = (sequence &+ 1) & 0x0f
    }

    /// Reads one whole message: 64 bytes, then the rest when the header announces more; an empty
    /// read (the coprocessor had nothing yet) is read again until the deadline.
    func readMessage(phase: String, until deadline: ContinuousClock.Instant = ContinuousClock.now + .seconds(10)) throws -> UPEKTCMessage {
        let steps = try link.steps()
        var bytes: [UInt8] = []
        while bytes.isEmpty {
            bytes = try steps.run(UPEKTCCommands.readShort, phase: phase) ?? []
            if bytes.isEmpty && ContinuousClock.now >= deadline { throw SensorError.noFinger(waited: .zero) }
        }
        if let total = UPEKTCMessage.totalLength(announcedBy: bytes), total > bytes.count {
            bytes += try steps.run(UPEKTCCommands.readRest, phase: phase) ?? []
        }
        switch UPEKTCMessage.decode(bytes) {
        case .success(let message): return message
        case .failure(let problem):
            throw SensorError.unexpectedReply(phase: phase, step: 0, transfers: transferCount, detail: problem.detail)
        }
    }

    /// Answers one message; true once a finger is known to be down.
    func handle(_ message: UPEKTCMessage, phase: String) throws -> Bool {
        let reply: UPEKTCReply
        do {
            reply = try UPEKTCReply(message)
        } catch {
            throw SensorError.unexpectedReply(phase: phase, step: 0, transfers: transferCount, detail: error.detail)
        }
        switch reply {
        case .poll:
            try link.steps().run(UPEKTCCommands.send(UPEKTCCommands.acknowledgePoll), phase: phase)
            return false
        case .status(let status):
            return try acknowledge(status, phase: phase)
        case .frame(let bytes, let isLast):
            image += bytes
            pieces += 1
            lastPieceSeen = isLast
            if !isLast { try send(UPEKTCCommands.acknowledgeFrame, phase: phase) }
            return true
        case .setup:
            throw SensorError.unexpectedReply(phase: phase, step: 0, transfers: transferCount,
                                              detail: "a set-up message (type 0x\(hex(message.type))) during a capture")
        }
    }

    private func acknowledge(_ status: UPEKTCReply.Status, phase: String) throws -> Bool {
        if case .unknown(let code) = status {
            throw SensorError.unexpectedReply(phase: phase, step: 0, transfers: transferCount,
                                              detail: "an unknown finger status 0x\(hex(code))")
        }
        try send(UPEKTCCommands.acknowledgeStatus, phase: phase)
        switch status {
        case .fingerPresent: return true
        case .rejected(let feedback):
            rejection = feedback
            return true
        case .noFinger, .fingerGone, .unknown: return false
        }
    }
}
