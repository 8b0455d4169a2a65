internal import CPCSCLite
#if canImport(Glibc)
import Glibc
#endif

/// A connection to the PC/SC resource manager (pcscd): readers, status changes, card connections.
///
/// Owns an `SCARDCONTEXT` and releases it in `deinit`. pcsc-lite serialises the calls made on one
/// context, and a blocking `waitForStatusChange` holds that lock, so give each concurrent user
/// (an event monitor, a card session) its own context. Only `cancel()` and `interrupt()` may be
/// called from any thread at any time. Cards keep their context alive, so the context outlives
/// every card made on it.
///
/// Calls pcsc-lite cannot cancel are bounded by a ``PCSCDeadline`` (docs/pcsc-deadlines.md).
public final class PCSCContext: @unchecked Sendable {
    /// The pseudo-reader whose state changes when a reader is plugged in or out
    /// (`\\?PnP?\Notification`).
    public static let plugAndPlayReader = "\\\\?PnP?\\Notification"

    let handle: Int
    /// Whether, and why, the context's calls were cut short.
    let interruption: ContextInterruption
    /// The whole context's deadline in the watcher, when it has one.
    private let deadlineEntry: Int?

    /// Connects to pcscd (`SCardEstablishContext`, system scope).
    ///
    /// With `deadline`, that and every later call on the context (and its cards) end by then:
    /// the call that runs into it throws `PCSCError.timeout` with the deadline's words, pcscd
    /// not answering included. Throws `PCSCError.noService` when pcscd is not running.
    public convenience init(deadline: PCSCDeadline? = nil) throws(PCSCError) {
        try self.init(deadline: deadline, keepingDeadline: true)
    }

    /// Connects to pcscd, giving up at `deadline` (`PCSCError.timeout`) when pcscd does not
    /// answer; later calls are not bounded by it (use ``withDeadline(_:awaiting:_:)`` or
    /// ``PCSCCard/operationLimit`` for them).
    public convenience init(establishingBefore deadline: PCSCDeadline) throws(PCSCError) {
        try self.init(deadline: deadline, keepingDeadline: false)
    }

    private init(deadline: PCSCDeadline?, keepingDeadline: Bool) throws(PCSCError) {
        let interruption = ContextInterruption()
        let entry = deadline.map { deadline in
            DeadlineWatcher.shared.arm(at: deadline.instant) { interruption.cut(with: deadline.error) }
        }
        var context = 0
        let status = PCSCDaemonSockets.establishing.withLock { _ in
            let before = PCSCDaemonSockets.current()
            let status = SCardEstablishContext(UInt(SCARD_SCOPE_SYSTEM), nil, nil, &context)
            if status == Int(SCARD_S_SUCCESS) { interruption.sockets = PCSCDaemonSockets.claimNew(since: before) }
            return status
        }
        do {
            try check(status, "SCardEstablishContext", on: interruption)
        } catch {
            entry.map(DeadlineWatcher.shared.disarm)
            throw error
        }
        handle = context
        self.interruption = interruption
        if !keepingDeadline { entry.map(DeadlineWatcher.shared.disarm) }
        deadlineEntry = keepingDeadline ? entry : nil
    }

    deinit {
        deadlineEntry.map(DeadlineWatcher.shared.disarm)
        PCSCDaemonSockets.release(interruption.sockets)
        _ = SCardReleaseContext(handle)
    }

    /// Whether pcscd still knows this context (`SCardIsValidContext`); false after pcscd restarted.
    public var isValid: Bool {
        SCardIsValidContext(handle) == Int(SCARD_S_SUCCESS)
    }

    /// The names of the readers pcscd knows, in its order; empty when there are none
    /// (`SCardListReaders`, which answers `SCARD_E_NO_READERS_AVAILABLE` then).
    public func readers() throws(PCSCError) -> [String] {
        var length: UInt = 0
        let sizing = SCardListReaders(handle, nil, nil, &length)
        if sizing == Int(SCARD_E_NO_READERS_AVAILABLE) { return [] }
        try check(sizing, "SCardListReaders", on: interruption)
        var buffer = [CChar](repeating: 0, count: Int(length))
        let listing = buffer.withUnsafeMutableBufferPointer { SCardListReaders(handle, nil, $0.baseAddress, &length) }
        // A reader can vanish between the two calls.
        if listing == Int(SCARD_E_NO_READERS_AVAILABLE) { return [] }
        try check(listing, "SCardListReaders", on: interruption)
        return splitMultiString(buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) })
    }

    /// Blocks until the state of one of `states` differs from what they hold, or `timeout` passes,
    /// then writes the new states back (`SCardGetStatusChange`).
    ///
    /// Returns false when the timeout passed without a change. `nil` waits without a limit; end
    /// such a wait with `cancel()` from another thread, which makes this throw
    /// `PCSCError.cancelled`. A reader that does not exist (or was unplugged) throws
    /// `PCSCError.unknownReader` on pcsc-lite 1.9; other stacks flag it `.unknown` instead.
    @discardableResult
    public func waitForStatusChange(_ states: inout [ReaderState], timeout: Duration?) throws(PCSCError) -> Bool {
        var raw = [SCARD_READERSTATE](repeating: SCARD_READERSTATE(), count: states.count)
        // szReader must stay valid for the whole call: pcsc-lite reads it while the call blocks.
        var names: [UnsafeMutablePointer<CChar>] = []
        defer { names.forEach { free($0) } }
        for (index, state) in states.enumerated() {
            guard let name = strdup(state.reader) else { throw PCSCError.noMemory }
            names.append(name)
            raw[index].szReader = UnsafePointer(name)
            raw[index].dwCurrentState = state.knownState
        }
        let status = SCardGetStatusChange(handle, Self.milliseconds(timeout), &raw, UInt(raw.count))
        if status == Int(SCARD_E_TIMEOUT), interruption.reason == nil { return false }
        try check(status, "SCardGetStatusChange", on: interruption)
        for index in states.indices {
            let count = min(Int(raw[index].cbAtr), Int(MAX_ATR_SIZE))
            let atr = withUnsafeBytes(of: raw[index].rgbAtr) { Array($0.prefix(count)) }
            states[index].update(eventState: raw[index].dwEventState, atr: atr)
        }
        return true
    }

    /// Ends a blocking `waitForStatusChange` on this context (`SCardCancel`); safe from any thread.
    ///
    /// Errors are ignored: a cancel that races a wait ending on its own may answer
    /// `SCARD_E_INVALID_HANDLE` (pcsc-lite #160), which is harmless.
    public func cancel() {
        _ = SCardCancel(handle)
    }

    /// Connects to the card in `reader` (`SCardConnect`).
    ///
    /// Throws `PCSCError.unknownReader` for a reader pcscd does not know, `noSmartCard` when the
    /// reader is empty, `sharingViolation` when another application holds the card exclusively.
    public func connect(to reader: String, share: ShareMode = .shared,
                        protocols: CardProtocols = .any) throws(PCSCError) -> PCSCCard {
        try PCSCCard(context: self, reader: reader, share: share, protocols: protocols)
    }

    /// A timeout in the milliseconds `SCardGetStatusChange` takes; `nil` is `INFINITE`.
    static func milliseconds(_ timeout: Duration?) -> UInt {
        guard let timeout else { return UInt(CPCSC_INFINITE) }
        let (seconds, attoseconds) = timeout.components
        let limit = Int64(CPCSC_INFINITE) - 1
        guard seconds < limit / 1000 else { return UInt(limit) }
        let milliseconds = max(0, seconds) * 1000 + max(0, attoseconds) / 1_000_000_000_000_000
        return UInt(min(milliseconds, limit))
    }
}
