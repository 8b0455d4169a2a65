import USB

/// Runs step tables on a ``USBTransport``, one transfer at a time, checking every reply.
///
/// The one place where a driver's data becomes USB traffic. Failures come out as
/// ``SensorError`` values naming the phase, the step within it and the transfer count.
public final class USBStepInterpreter {
    /// The device (or a recording standing in for it).
    public let transport: any USBTransport
    /// The timeout of every transfer (AES2501 and VFS5011: libfprint's values from the profile).
    public var timeout: Duration
    /// Transfers completed so far, over every phase.
    public private(set) var transferCount = 0

    public init(transport: any USBTransport, timeout: Duration) {
        self.transport = transport
        self.timeout = timeout
    }

    /// Runs `steps` in order; returns the replies of the IN steps, in order.
    @discardableResult
    public func run(_ steps: [USBStep], phase: String) throws -> [[UInt8]] {
        var replies: [[UInt8]] = []
        for (index, step) in steps.enumerated() {
            if let reply = try run(step, phase: phase, index: index + 1) { replies.append(reply) }
        }
        return replies
    }

    /// Runs one step; returns its reply for an IN step (the last reply of a group run
    /// together). `index` numbers it within its phase; `timeout` overrides the interpreter's.
    @discardableResult
    public func run(_ step: USBStep, phase: String, index: Int = 1, timeout: Duration? = nil) throws -> [UInt8]? {
        let steps: [USBStep]
        let replies: [[UInt8]?]
        do {
            if case .together(let group) = step {
                steps = group
                replies = try transport.overlapped(group.compactMap(\.request), timeout: timeout ?? self.timeout)
            } else {
                steps = [step]
                replies = [try perform(step, timeout: timeout ?? self.timeout)]
            }
        } catch let error as USBError {
            throw translate(error, phase: phase, index: index)
        } catch {
            throw SensorError.transferFailed(phase: phase, step: index, transfers: transferCount,
                                             reason: String(describing: error))
        }
        transferCount += steps.count
        for (step, reply) in zip(steps, replies) {
            if let reply, let (requested, check) = step.readCheck,
               let problem = check.problem(with: reply, requested: requested) {
                throw SensorError.unexpectedReply(phase: phase, step: index, transfers: transferCount, detail: problem)
            }
        }
        return replies.last { $0 != nil } ?? nil
    }

    private func perform(_ step: USBStep, timeout: Duration) throws -> [UInt8]? {
        switch step {
        case .bulkOut(let endpoint, let bytes):
            try transport.write(bytes, to: endpoint, type: .bulk, timeout: timeout)
            return nil
        case .bulkIn(let endpoint, let length, _):
            return try transport.read(length, from: endpoint, type: .bulk, timeout: timeout)
        case .interruptIn(let endpoint, let length, _):
            return try transport.read(length, from: endpoint, type: .interrupt, timeout: timeout)
        case .controlOut(let setup, let bytes):
            _ = try transport.control(setup, data: bytes, readLength: 0, timeout: timeout)
            return nil
        case .controlIn(let setup, let length, _):
            return try transport.control(setup, data: [], readLength: length, timeout: timeout)
        case .together(let group):
            return try transport.overlapped(group.compactMap(\.request), timeout: timeout).last { $0 != nil } ?? nil
        }
    }

    private func translate(_ error: USBError, phase: String, index: Int) -> SensorError {
        switch error {
        case USBError.noDevice: .unplugged(phase: phase, transfers: transferCount)
        case USBError.timeout: .stoppedAnswering(phase: phase, step: index, transfers: transferCount)
        default: .transferFailed(phase: phase, step: index, transfers: transferCount, reason: error.description)
        }
    }
}

extension USBStep {
    /// The requested length and check of a read step.
    var readCheck: (Int, ReplyCheck)? {
        switch self {
        case .bulkIn(_, let length, let check), .interruptIn(_, let length, let check),
             .controlIn(_, let length, let check): (length, check)
        case .bulkOut, .controlOut, .together: nil
        }
    }

    /// The transfer of a bulk or interrupt step, for a group run together (control transfers
    /// and nested groups cannot be).
    var request: USBRequest? {
        switch self {
        case .bulkOut(let endpoint, let bytes): .write(bytes, endpoint: endpoint, type: .bulk)
        case .bulkIn(let endpoint, let length, _): .read(length: length, endpoint: endpoint, type: .bulk)
        case .interruptIn(let endpoint, let length, _): .read(length: length, endpoint: endpoint, type: .interrupt)
        case .controlOut, .controlIn, .together: nil
        }
    }
}
