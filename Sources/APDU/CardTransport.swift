/// Sends `CommandAPDU`s over any `CardChannel` and applies the ISO/IEC 7816-4 transport rules:
/// GET RESPONSE on `61XX`, one re-send with Le = XX on `6CXX`, and command chaining for long data.
///
/// Every APDU that crosses the channel, hidden ones included, is traced. Not thread-safe: use one
/// transport per thread or task, as with the channel beneath it.
public final class CardTransport {
    /// The raw channel underneath.
    public let channel: any CardChannel
    /// The rules applied when a call does not override them.
    public var rules: TransportRules
    /// Caps on GET RESPONSE loops and the chain block size.
    public var limits: TransportLimits
    /// What the trace hides; `.referenceData` (PINs, templates) unless set otherwise.
    public var redaction: APDURedaction
    /// Whether entries are kept in `trace` (the observer is called either way).
    public var recordsTrace: Bool
    /// Called with each entry as it happens, e.g. to print a live trace.
    public var traceObserver: ((APDUTraceEntry) -> Void)?
    /// Every exchange since creation or the last `clearTrace()`, when `recordsTrace` is on.
    public private(set) var trace: [APDUTraceEntry] = []

    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// A transport over `channel`; the channel is retained for the transport's lifetime.
    public init(channel: any CardChannel, rules: TransportRules = .standard,
                limits: TransportLimits = TransportLimits(), redaction: APDURedaction = .referenceData,
                recordsTrace: Bool = true) {
        self.channel = channel
        self.rules = rules
        self.limits = limits
        self.redaction = redaction
        self.recordsTrace = recordsTrace
        self.start = clock.now
    }

    /// Sends a command and returns the complete answer: the data of every `61XX` continuation
    /// concatenated, and the last status word.
    ///
    /// - Parameter rules: overrides `self.rules` for this call only.
    /// - Throws: the channel's errors, `APDUError.responseTooShort` when the card answers with
    ///   fewer than 2 bytes, `TransportError` when a limit is hit, `APDUError` when a chain block
    ///   or re-send cannot be built (e.g. chaining with CLA `FF`).
    public func send(_ command: CommandAPDU, rules: TransportRules? = nil) throws -> ResponseAPDU {
        let rules = rules ?? self.rules
        let blockSize = limits.effectiveBlockSize
        if rules.contains(.commandChaining), command.lengthEncoding != .extended, command.nc > blockSize {
            return try sendChained(command, blockSize: blockSize, rules: rules)
        }
        return try sendApplyingResponseRules(command, purpose: .command, original: command, rules: rules)
    }

    /// Sends bytes exactly as given, with no rule applied, and traces them.
    /// - Throws: the channel's errors, `APDUError.responseTooShort`.
    public func transmitRaw(_ bytes: [UInt8]) throws -> ResponseAPDU {
        let parsed = try? CommandAPDU(bytes: bytes)
        let traced = parsed.map { redaction.traced(command: $0, for: $0) } ?? .plain(bytes)
        let response = try exchange(bytes, traced: traced, purpose: .raw)
        record(.response, .raw, parsed.map { redaction.traced(response: response.value, for: $0) }
               ?? .plain(response.value.bytes), roundTrip: response.roundTrip)
        return response.value
    }

    /// Runs `body` with the card held by this transport's channel alone
    /// (``CardChannel/exclusively(_:)``): one PC/SC transaction for a multi-APDU operation.
    public func exclusively<Result>(_ body: () throws -> Result) throws -> Result {
        try channel.exclusively(body)
    }

    /// Forgets the recorded entries.
    public func clearTrace() { trace.removeAll() }

    // MARK: - Rules

    private func sendChained(_ command: CommandAPDU, blockSize: Int, rules: TransportRules) throws -> ResponseAPDU {
        let chainedClass = try command.classByte.chained(true).rawValue
        var offset = 0
        while command.nc - offset > blockSize {
            let block = Array(command.data[offset..<(offset + blockSize)])
            let link = try CommandAPDU(cla: chainedClass, ins: command.ins, p1: command.p1, p2: command.p2,
                                       data: block, encoding: .short)
            let answer = try exchangeTraced(link, purpose: .chainBlock, original: command)
            // 7816-4 §5.3.3: each link but the last is acknowledged with 9000; anything else ends the chain.
            guard answer.statusWord == .success else { return answer }
            offset += blockSize
        }
        // Le only belongs to the last link; above 256 the GET RESPONSE loop fetches the rest.
        let last = try CommandAPDU(cla: command.cla, ins: command.ins, p1: command.p1, p2: command.p2,
                                   data: Array(command.data[offset...]),
                                   ne: command.ne.map { min($0, CommandAPDU.maximumShortExpectedLength) },
                                   encoding: .short)
        return try sendApplyingResponseRules(last, purpose: .command, original: command, rules: rules)
    }

    private func sendApplyingResponseRules(_ command: CommandAPDU, purpose: APDUTraceEntry.Purpose,
                                           original: CommandAPDU, rules: TransportRules) throws -> ResponseAPDU {
        let secure = command.classByte.secureMessaging
        let opaque = (secure == .iso || secure == .isoAuthenticatedHeader) && !rules.contains(.insideSecureMessaging)
        let first = try exchangeCorrectingLength(command, purpose: purpose, original: original,
                                                 correcting: rules.contains(.resendWithExactLength) && !opaque)
        guard rules.contains(.getResponse), !opaque, first.statusWord.bytesAvailable != nil else { return first }
        return try collectRemainingData(after: first, commandClass: command.classByte, original: original, rules: rules)
    }

    private func exchangeCorrectingLength(_ command: CommandAPDU, purpose: APDUTraceEntry.Purpose,
                                          original: CommandAPDU, correcting: Bool) throws -> ResponseAPDU {
        let answer = try exchangeTraced(command, purpose: purpose, original: original)
        guard correcting, let exact = answer.statusWord.exactLength else { return answer }
        // Only once: a second 6CXX goes back to the caller (docs/apdu.md, "apdu send").
        let resend = try command.withExpectedLength(exact)
        return try exchangeTraced(resend, purpose: .exactLengthResend, original: original)
    }

    private func collectRemainingData(after first: ResponseAPDU, commandClass: ClassByte,
                                      original: CommandAPDU, rules: TransportRules) throws -> ResponseAPDU {
        var data = first.data
        var status = first.statusWord
        var sent = 0
        let getResponseClass = Self.getResponseClass(for: commandClass)
        while let available = status.bytesAvailable {
            guard sent < limits.maximumGetResponses else {
                throw TransportError.tooManyGetResponses(limit: limits.maximumGetResponses)
            }
            sent += 1
            let getResponse = try CommandAPDU(cla: getResponseClass, ins: 0xC0, ne: available)
            let next = try exchangeCorrectingLength(getResponse, purpose: .getResponse, original: original,
                                                    correcting: rules.contains(.resendWithExactLength))
            data += next.data
            guard data.count <= limits.maximumResponseBytes else {
                throw TransportError.responseTooLong(bytes: data.count, limit: limits.maximumResponseBytes)
            }
            status = next.statusWord
        }
        return ResponseAPDU(data: data, statusWord: status)
    }

    /// GET RESPONSE goes out on the command's logical channel with an interindustry class and
    /// without chaining or SM bits (7816-4 §7.6.1); proprietary classes keep their b2-b1 channel.
    static func getResponseClass(for commandClass: ClassByte) -> UInt8 {
        let channel = commandClass.channel ?? 0
        return (try? ClassByte(channel: channel).rawValue) ?? 0x00
    }

    // MARK: - Wire and trace

    private func exchangeTraced(_ command: CommandAPDU, purpose: APDUTraceEntry.Purpose,
                                original: CommandAPDU) throws -> ResponseAPDU {
        let answer = try exchange(command.bytes, traced: redaction.traced(command: command, for: original),
                                  purpose: purpose)
        record(.response, purpose, redaction.traced(response: answer.value, for: original), roundTrip: answer.roundTrip)
        return answer.value
    }

    private func exchange(_ bytes: [UInt8], traced: TracedBytes, purpose: APDUTraceEntry.Purpose) throws
        -> (value: ResponseAPDU, roundTrip: Duration) {
        record(.command, purpose, traced, roundTrip: nil)
        let sentAt = clock.now
        let raw = try channel.transmit(bytes)
        let roundTrip = clock.now - sentAt
        do {
            return (try ResponseAPDU(bytes: raw), roundTrip)
        } catch {
            record(.response, purpose, .plain(raw), roundTrip: roundTrip)
            throw error
        }
    }

    private func record(_ direction: APDUTraceEntry.Direction, _ purpose: APDUTraceEntry.Purpose,
                        _ bytes: TracedBytes, roundTrip: Duration?) {
        guard recordsTrace || traceObserver != nil else { return }
        let entry = APDUTraceEntry(direction: direction, purpose: purpose, bytes: bytes,
                                   elapsed: clock.now - start, roundTrip: roundTrip)
        if recordsTrace { trace.append(entry) }
        traceObserver?(entry)
    }
}
