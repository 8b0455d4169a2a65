/// Something wrong or unusual in an ATR. Parsing never stops at a problem: it records a warning
/// and decodes what it can.
public struct ATRWarning: Hashable, Sendable, Encodable, CustomStringConvertible {
    /// A stable, machine-readable kind of problem.
    public enum Code: String, Sendable, Encodable {
        /// Fewer bytes than TS, T0 and the announced interface and historical bytes need.
        case truncated
        /// TS is neither `3B` (direct) nor `3F` (inverse convention).
        case invalidInitialCharacter
        /// TCK is required (a protocol other than T=0 is indicated) but absent.
        case checksumMissing
        /// The XOR of T0…TCK is not 0.
        case checksumIncorrect
        /// A TCK-like byte follows although only T=0 is indicated.
        case checksumUnexpected
        /// Bytes left after the last field.
        case extraBytes
        /// More than 33 bytes (ISO/IEC 7816-3 §8.2.1).
        case tooLong
        /// TA1's Fi or Di index is reserved for future use.
        case reservedRate
        /// TB1 or TB2 present and non-zero: VPP programming, deprecated since 7816-3:2006.
        case programmingVoltage
        /// TA2 names a protocol the ATR does not offer.
        case specificModeMismatch
        /// An interface byte whose value 7816-3 does not allow (e.g. IFSC `00` or `FF`).
        case invalidInterfaceValue
        /// Historical bytes that do not follow the structure their category indicator announces.
        case malformedHistoricalBytes
    }

    /// What kind of problem it is.
    public let code: Code
    /// A sentence for people, naming the bytes involved.
    public let message: String

    /// A warning of `code` explained by `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
