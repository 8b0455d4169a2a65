/// The live stack (pcscd, vpcd, a virtual card) could not be brought up or used.
public struct LiveStackError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
