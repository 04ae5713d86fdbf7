/// One value per query parameter, by the parameter's name, each checked on its own: first those the
/// query states (none for "not given"), then, after resolution, those in effect (none where a
/// parameter does not apply). The table's entries are the only slots: a value is read back with the
/// type its entry gives it.
///
/// Public so that a component's payload can declare its `init(resolved:)`; only ReliefSpec reads it.
public struct QueryValues: Sendable {
    private var values: [String: any Sendable] = [:]

    /// The value of the parameter named `name`, as `Value`.
    subscript<Value: Sendable>(name: String, as type: Value.Type) -> Value? {
        get { values[name] as? Value }
        set { values[name] = newValue }
    }

    /// Whether there is a value for the parameter named `name`.
    func contains(_ name: String) -> Bool {
        values[name] != nil
    }

    /// The value of `parameter`.
    subscript<Value: Sendable>(parameter: TypedParameter<Value>) -> Value? {
        get { self[parameter.entry.name, as: Value.self] }
        set { self[parameter.entry.name, as: Value.self] = newValue }
    }

    /// The value of a parameter the table resolves wherever the values are read: a parameter that
    /// always applies and has a default, or one that applies to the component being built.
    func resolved<Value: Sendable>(_ parameter: TypedParameter<Value>) -> Value {
        guard let value = self[parameter] else {
            preconditionFailure("the parameter table leaves \(parameter.entry.name) without a value")
        }
        return value
    }
}

/// A parameter's entry together with the type of its value, through which the spec reads it.
struct TypedParameter<Value: Sendable>: Sendable {
    let entry: QueryParameter
}
