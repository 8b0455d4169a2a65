internal import CPCSCLite

/// A PC/SC return code from libpcsclite, with the function that returned it.
///
/// Each `SCARD_E_*`, `SCARD_F_*`, `SCARD_P_*` and `SCARD_W_*` code has a static name
/// (`PCSCError.removedCard`), and `~=` lets callers write `catch PCSCError.removedCard`.
/// Codes pcsc-lite may add later are kept as they are, never folded into a generic case.
/// Two errors are equal when their codes are equal, whatever function returned them.
public struct PCSCError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The code as pcsc-lite defines it (`0x801000xx`), reduced to 32 bits.
    ///
    /// pcsc-lite's `LONG` is 64 bits on Linux and the codes are positive there; on Windows and
    /// macOS the same codes are negative 32-bit values, so 32 bits is the portable form.
    public let code: UInt32
    /// The PC/SC function that returned the code, such as `SCardTransmit`; empty for a pattern.
    public let function: String
    /// For a call PCSC itself cut short (a passed ``PCSCDeadline``, ``PCSCContext/interrupt()``),
    /// what happened in words: "timed out after 2 s waiting for the card". Nil for pcsc-lite's
    /// own answers.
    public let detail: String?

    /// An error with the given code, as returned by `function`.
    public init(code: UInt32, function: String = "", detail: String? = nil) {
        self.code = code
        self.function = function
        self.detail = detail
    }

    init(status: Int, function: String) {
        self.init(code: UInt32(truncatingIfNeeded: status), function: function)
    }

    public static func == (lhs: PCSCError, rhs: PCSCError) -> Bool { lhs.code == rhs.code }

    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// Lets `catch PCSCError.timeout` match any thrown `PCSCError` with that code.
    public static func ~= (pattern: PCSCError, value: any Error) -> Bool {
        (value as? PCSCError)?.code == pattern.code
    }

    /// The C name of the code (`SCARD_W_REMOVED_CARD`), or its hex value when pcsc-lite's headers
    /// do not name it.
    public var name: String {
        Self.names[code] ?? "0x" + String(code, radix: 16, uppercase: true)
    }

    /// pcsc-lite's own text for the code (`pcsc_stringify_error`).
    public var text: String {
        String(cString: pcsc_stringify_error(Int(code)))
    }

    /// `SCardTransmit: SCARD_W_REMOVED_CARD (The smart card has been removed, …)`, or the
    /// ``detail`` of a call PCSC cut short.
    public var description: String {
        if let detail { return detail }
        let prefix = function.isEmpty ? "" : function + ": "
        return "\(prefix)\(name) (\(text))"
    }

    /// Whether the code says the reader or driver lacks the feature (`0x8010001F` on pcsc-lite,
    /// which it shares with `SCARD_E_UNEXPECTED`; `0x80100022` on Windows).
    public var isUnsupportedFeature: Bool {
        code == Self.unsupportedFeature.code || code == Self.unsupportedFeatureWindows.code
    }

    /// Whether the code says pcscd went away: the context must be established again.
    ///
    /// A call in progress when pcscd stops fails with `SCARD_F_COMM_ERROR` (its socket broke);
    /// later calls fail with `SCARD_E_NO_SERVICE`.
    public var isServiceLost: Bool {
        code == Self.noService.code || code == Self.serviceStopped.code || code == Self.communicationError.code
    }
}

/// Turns a PC/SC return code into a thrown `PCSCError` naming `function`; on a context that was
/// interrupted, the interruption's error (the code pcsc-lite answered is only its consequence).
@inline(__always)
func check(_ status: Int, _ function: String, on interruption: ContextInterruption? = nil) throws(PCSCError) {
    guard status != Int(SCARD_S_SUCCESS) else { return }
    if let reason = interruption?.reason { throw PCSCError(code: reason.code, function: function, detail: reason.detail) }
    throw PCSCError(status: status, function: function)
}
