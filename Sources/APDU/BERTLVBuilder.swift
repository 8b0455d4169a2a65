/// Lets constructed BER-TLV objects be written as nested blocks:
///
/// ```swift
/// let bit = BERTLV(0x7F60) {
///     BERTLV(0x83, [0x92])
///     BERTLV(0xA1) {
///         BERTLV(0x81, [0x08])
///         if let subtype { BERTLV(0x82, [subtype]) }
///     }
/// }
/// ```
@resultBuilder
public enum BERTLVBuilder {
    /// One object in the block.
    public static func buildExpression(_ object: BERTLV) -> [BERTLV] { [object] }
    /// Several objects at once (e.g. a prepared list).
    public static func buildExpression(_ objects: [BERTLV]) -> [BERTLV] { objects }
    /// The block's objects in order.
    public static func buildBlock(_ parts: [BERTLV]...) -> [BERTLV] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [BERTLV]?) -> [BERTLV] { part ?? [] }
    /// The `if` branch.
    public static func buildEither(first part: [BERTLV]) -> [BERTLV] { part }
    /// The `else` branch.
    public static func buildEither(second part: [BERTLV]) -> [BERTLV] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[BERTLV]]) -> [BERTLV] { parts.flatMap { $0 } }
}

extension BERTLV {
    /// A constructed object whose children are listed in the block.
    public init(_ tag: BERTag, @BERTLVBuilder children: () -> [BERTLV]) {
        self.init(tag, children: children())
    }
}
