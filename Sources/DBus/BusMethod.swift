/// A method of another program on the bus: who, which object, which interface, which method.
public struct BusMethod: Sendable {
    public let destination: String
    public let path: String
    public let interface: String
    public let member: String

    public init(destination: String, path: String, interface: String, member: String) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
    }
}
