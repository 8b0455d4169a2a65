internal import CSystemdBus

/// An object registered at a path: routes the standard interfaces to its description and the
/// others to the object, and turns the outcome into a reply.
final class ExportedObject {
    let object: any BusObject
    private unowned let connection: BusConnection
    var slot: OpaquePointer?

    init(_ object: any BusObject, on connection: BusConnection) {
        self.object = object
        self.connection = connection
    }

    /// Handles one incoming method call; returns false for what is not a method call. The
    /// object's own methods get the reply to answer, now or later.
    func receive(_ message: OpaquePointer) -> Bool {
        guard isMethodCall(message) else { return false }
        let reply = BusReply(to: message, on: connection)
        do throws(BusError) {
            let call = try BusCall.read(message)
            switch try route(call) {
            case .object: object.handle(call, reply: reply)
            case .values(let values): reply.succeed(values)
            case .variant(let value): reply.answer(.body { writer throws(BusFailure) in try writer.appendVariant(value) })
            case .dictionary(let entries): reply.answer(.body { writer throws(BusFailure) in try writer.appendDictionary(entries) })
            }
        } catch {
            reply.fail(error)
        }
        return true
    }

    private func isMethodCall(_ message: OpaquePointer) -> Bool {
        var type: UInt8 = 0
        return sd_bus_message_get_type(message, &type) >= 0 && type == UInt8(SD_BUS_MESSAGE_METHOD_CALL)
    }

    private enum Route {
        /// The object's own method.
        case object
        case values([BusValue])
        case variant(BusValue)
        case dictionary([(String, BusValue)])
    }

    private func route(_ call: BusCall) throws(BusError) -> Route {
        let all = BusIntrospection.standard + object.interfaces
        guard let interface = all.first(where: { $0.name == call.interface }) else {
            throw .unknownMethod("no interface \(call.interface) at \(call.path)")
        }
        guard let method = interface.method(call.member) else {
            throw .unknownMethod("no method \(call.member) in \(call.interface)")
        }
        guard call.arguments.map(\.signature).joined() == method.inputSignature || method.inputSignature.contains("v") else {
            throw .invalidArguments("\(call.member) takes (\(method.inputSignature))")
        }
        switch (interface.name, method.name) {
        case (BusIntrospection.introspectable.name, _):
            return .values([.string(BusIntrospection.document(for: object.interfaces))])
        case (BusIntrospection.properties.name, "Get"):
            return .variant(try property(call.text(1), of: call.text(0)))
        case (BusIntrospection.properties.name, "GetAll"):
            return .dictionary(try properties(of: call.text(0)))
        case (BusIntrospection.properties.name, _):
            throw .readOnlyProperty("the properties at \(call.path) are read-only")
        default:
            return .object
        }
    }

    private func property(_ name: String, of interfaceName: String) throws(BusError) -> BusValue {
        guard let interface = object.interfaces.first(where: { $0.name == interfaceName }),
              interface.properties.contains(where: { $0.name == name }),
              let value = object.property(name, of: interfaceName) else {
            throw .unknownProperty("no property \(name) in \(interfaceName)")
        }
        return value
    }

    private func properties(of interfaceName: String) throws(BusError) -> [(String, BusValue)] {
        guard let interface = object.interfaces.first(where: { $0.name == interfaceName }) else {
            // The specification allows an empty answer for an interface the object lacks.
            return []
        }
        return interface.properties.compactMap { property in object.property(property.name, of: interfaceName).map { (property.name, $0) } }
    }
}
