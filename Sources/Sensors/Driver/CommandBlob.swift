import Foundation

/// Decodes a base64 command blob of a driver's table (the large opaque blocks some sensors
/// need, cut from their recordings); the literals are fixed, so failure is a build defect.
func blob(_ base64: String) -> [UInt8] {
    guard let data = Data(base64Encoded: base64) else { preconditionFailure("corrupt sensor command blob") }
    return [UInt8](data)
}
