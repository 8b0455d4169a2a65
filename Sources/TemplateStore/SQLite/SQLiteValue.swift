/// A value bound to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null

    static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
}
