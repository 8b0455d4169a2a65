internal import CPCSCLite
import APDU
import Synchronization

/// A connection to the card in one reader: transmit, status, transactions, control codes.
///
/// Owns an `SCARDHANDLE`; `deinit` disconnects with `.leave` unless `disconnect(_:)` ran first.
/// Holds a strong reference to its context, which must outlive the handle. Not for concurrent
/// use from several threads: give each thread its own context and card.
public final class PCSCCard: CardChannel, @unchecked Sendable {
    /// The context the connection was made on.
    public let context: PCSCContext
    /// The reader's name as given to `connect`.
    public let reader: String
    /// How the connection shares the card.
    public private(set) var shareMode: ShareMode
    /// The negotiated protocol; nil for a direct connection to an empty reader.
    public private(set) var activeProtocol: CardProtocol?

    /// How long each blocking call on the card (transmit, beginning a transaction, reconnect,
    /// status, control) may take before PCSC ends it with `PCSCError.timeout`
    /// (``PCSCDeadline``); nil, the default, leaves them unbounded.
    public var operationLimit: Duration?

    let handle: Int
    private var isConnected = true
    /// How deep `withTransaction` calls are nested; only the outermost begins and ends one.
    private var transactionDepth = 0
    // One answer buffer for every transmit: zero-filling a fresh 64 KiB per APDU was a
    // measurable part of a 1,000-APDU script replay. The lock keeps two threads from sharing it.
    private let answerBuffer = Mutex([UInt8](repeating: 0, count: Int(CPCSC_MAX_BUFFER_SIZE_EXTENDED)))

    init(context: PCSCContext, reader: String, share: ShareMode, protocols: CardProtocols) throws(PCSCError) {
        var card = 0
        var negotiated: UInt = 0
        let wanted = share == .direct && protocols == .any ? 0 : UInt(protocols.rawValue)
        try check(SCardConnect(context.handle, reader, share.raw, wanted, &card, &negotiated), "SCardConnect",
                  on: context.interruption)
        self.context = context
        self.reader = reader
        self.shareMode = share
        self.activeProtocol = CardProtocol(raw: negotiated)
        self.handle = card
    }

    deinit {
        if isConnected { _ = SCardDisconnect(handle, Disposition.leave.raw) }
    }

    /// Sends one command APDU as given and returns data + SW1 SW2 (`SCardTransmit`).
    ///
    /// No transport rules are applied here (no GET RESPONSE); layer the APDU module's transport on
    /// top. The receive buffer is exactly `MAX_BUFFER_SIZE_EXTENDED` (65 548 bytes): pcsc-lite
    /// rejects a larger one. A card pulled mid-command throws `PCSCError.removedCard`.
    public func transmit(_ command: [UInt8]) throws(PCSCError) -> [UInt8] {
        try requireConnected("SCardTransmit")
        return try context.bounded(by: operationLimit,
                                   awaiting: "the answer to \(command.prefix(4).hexString())…") { () throws(PCSCError) in
            try exchange(command)
        }
    }

    private func exchange(_ command: [UInt8]) throws(PCSCError) -> [UInt8] {
        let pci = activeProtocol == .t1 ? cpcsc_pci_t1() : activeProtocol == .raw ? cpcsc_pci_raw() : cpcsc_pci_t0()
        let (status, answer) = answerBuffer.withLock { buffer in
            var received = UInt(buffer.count)
            let status = buffer.withUnsafeMutableBufferPointer { output in
                command.withUnsafeBufferPointer { input in
                    SCardTransmit(handle, pci, input.baseAddress, UInt(input.count), nil, output.baseAddress, &received)
                }
            }
            return (status, status == Int(SCARD_S_SUCCESS) ? Array(buffer[..<Int(received)]) : [])
        }
        try check(status, "SCardTransmit", on: context.interruption)
        return answer
    }

    /// Connects again, for example after another application reset the card (`SCardReconnect`).
    ///
    /// `initialization` is what happens to the card first: `.leave`, `.reset` or `.unpower`.
    public func reconnect(share: ShareMode? = nil, protocols: CardProtocols = .any,
                          initialization: Disposition = .leave) throws(PCSCError) {
        try requireConnected("SCardReconnect")
        let mode = share ?? shareMode
        var negotiated: UInt = 0
        let status = try context.bounded(by: operationLimit, awaiting: "the card to reconnect") {
            SCardReconnect(handle, mode.raw, UInt(protocols.rawValue), initialization.raw, &negotiated)
        }
        try check(status, "SCardReconnect", on: context.interruption)
        shareMode = mode
        activeProtocol = CardProtocol(raw: negotiated)
    }

    /// Ends the connection, doing `disposition` to the card (`SCardDisconnect`).
    ///
    /// Later calls on this card throw `PCSCError.invalidHandle`; a second disconnect does nothing.
    public func disconnect(_ disposition: Disposition = .leave) throws(PCSCError) {
        guard isConnected else { return }
        isConnected = false
        try check(SCardDisconnect(handle, disposition.raw), "SCardDisconnect", on: context.interruption)
    }

    /// Runs `body` inside a transaction, so that no other application's APDUs come in between
    /// (`SCardBeginTransaction` … `SCardEndTransaction`).
    ///
    /// Beginning waits while another application holds a transaction of its own (bounded by
    /// ``operationLimit``). The transaction ends with `ending` whether `body` returns or throws;
    /// when both `body` and the end fail, `body`'s error is the one thrown. A call inside `body`
    /// joins the transaction and its `ending` is not used. A card pulled during `body` makes its
    /// transmit throw `PCSCError.removedCard`.
    public func withTransaction<Result>(ending: Disposition = .leave,
                                        _ body: (PCSCCard) throws -> Result) throws -> Result {
        try requireConnected("SCardBeginTransaction")
        guard transactionDepth == 0 else {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try body(self)
        }
        let begun = try context.bounded(by: operationLimit, awaiting: "another application's transaction to end") {
            SCardBeginTransaction(handle)
        }
        try check(begun, "SCardBeginTransaction", on: context.interruption)
        transactionDepth = 1
        defer { transactionDepth = 0 }
        let result: Result
        do {
            result = try body(self)
        } catch {
            _ = SCardEndTransaction(handle, ending.raw)
            throw error
        }
        try check(SCardEndTransaction(handle, ending.raw), "SCardEndTransaction", on: context.interruption)
        return result
    }

    /// Runs `body` in a transaction (``withTransaction(ending:_:)``, ending with `.leave`): what
    /// the card edges use for every multi-APDU operation.
    public func exclusively<Result>(_ body: () throws -> Result) throws -> Result {
        try withTransaction(ending: .leave) { _ in try body() }
    }

    /// The reader's view of the card: state bits, protocol, ATR (`SCardStatus`).
    public func status() throws(PCSCError) -> CardStatus {
        try requireConnected("SCardStatus")
        var nameLength = UInt(MAX_READERNAME) * 2
        var names = [CChar](repeating: 0, count: Int(nameLength))
        var state: UInt = 0
        var negotiated: UInt = 0
        var atrLength = UInt(MAX_ATR_SIZE)
        var atr = [UInt8](repeating: 0, count: Int(atrLength))
        let status = try context.bounded(by: operationLimit, awaiting: "the card's status") {
            names.withUnsafeMutableBufferPointer { nameBuffer in
                atr.withUnsafeMutableBufferPointer { atrBuffer in
                    SCardStatus(handle, nameBuffer.baseAddress, &nameLength, &state, &negotiated,
                                atrBuffer.baseAddress, &atrLength)
                }
            }
        }
        try check(status, "SCardStatus", on: context.interruption)
        return CardStatus(
            readerNames: splitMultiString(names.prefix(Int(nameLength)).map { UInt8(bitPattern: $0) }),
            flags: CardStateFlags(rawValue: UInt32(state & 0xFFFF)),
            eventCount: Int((state >> 16) & 0xFFFF),
            activeProtocol: CardProtocol(raw: negotiated),
            atr: Array(atr.prefix(Int(atrLength))))
    }

    private func requireConnected(_ function: String) throws(PCSCError) {
        if !isConnected { throw PCSCError(code: PCSCError.invalidHandle.code, function: function) }
    }
}
