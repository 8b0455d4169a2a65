/// Decides which data fields a trace must not keep (PINs, biometric templates, keys).
///
/// Only data fields are hidden; headers, Lc/Le and status words stay visible so a trace still
/// explains what happened. A command's GET RESPONSEs and chain blocks follow its decision.
public struct APDURedaction: Sendable {
    /// Whether the command data of this command (and of its chain blocks) is hidden.
    public var hidesCommandData: @Sendable (CommandAPDU) -> Bool
    /// Whether the response data to this command (including GET RESPONSE data) is hidden.
    public var hidesResponseData: @Sendable (CommandAPDU) -> Bool

    /// A policy from two predicates over the caller's command.
    public init(hidesCommandData: @escaping @Sendable (CommandAPDU) -> Bool,
                hidesResponseData: @escaping @Sendable (CommandAPDU) -> Bool = { _ in false }) {
        self.hidesCommandData = hidesCommandData
        self.hidesResponseData = hidesResponseData
    }

    /// Keep everything.
    public static let nothing = APDURedaction(hidesCommandData: { _ in false })

    /// Hide the data of VERIFY (`20`/`21`), CHANGE REFERENCE DATA (`24`/`25`) and RESET RETRY
    /// COUNTER (`2C`/`2D`), whatever the class: PINs and biometric templates (7816-4 §11.5).
    public static let referenceData = APDURedaction(hidesCommandData: { command in
        [0x20, 0x21, 0x24, 0x25, 0x2C, 0x2D].contains(command.ins)
    })

    /// Hides what either policy hides.
    public func union(_ other: APDURedaction) -> APDURedaction {
        let first = self
        return APDURedaction(hidesCommandData: { first.hidesCommandData($0) || other.hidesCommandData($0) },
                             hidesResponseData: { first.hidesResponseData($0) || other.hidesResponseData($0) })
    }

    /// The command as it goes on the wire, with its data field hidden when the policy says so.
    public func traced(command: CommandAPDU, for original: CommandAPDU) -> TracedBytes {
        let encoded = command.bytes
        guard !command.data.isEmpty, hidesCommandData(original) else { return .plain(encoded) }
        let lcLength = command.usesExtendedLength ? 3 : 1
        let dataStart = 4 + lcLength
        return .redacted(before: Array(encoded[..<dataStart]), hiddenCount: command.nc,
                         after: Array(encoded[(dataStart + command.nc)...]))
    }

    /// The response as it came back, with its data hidden when the policy says so.
    public func traced(response: ResponseAPDU, for original: CommandAPDU) -> TracedBytes {
        guard !response.data.isEmpty, hidesResponseData(original) else { return .plain(response.bytes) }
        return .redacted(before: [], hiddenCount: response.data.count,
                         after: [response.statusWord.sw1, response.statusWord.sw2])
    }
}
