import {ProtoWriter} from './protobuf.js';

// The ONNX messages a small inference graph needs, with the field numbers of onnx/onnx.proto
// (ModelProto, GraphProto, NodeProto, TensorProto, ValueInfoProto, TypeProto, OperatorSetIdProto).

/** TensorProto.DataType values. */
export const onnxType = {float: 1, int64: 7} as const;

/** A dimension of a graph input or output: a size, or a symbolic name such as `batch`. */
type Dimension = number | string;

export interface OnnxValue {
	name: string;
	type: number;
	shape: Dimension[];
}

export interface OnnxNode {
	op: string;
	inputs: string[];
	outputs: string[];
	/** Integer attributes (e.g. Gather's `axis`). */
	ints?: Record<string, number>;
}

export interface OnnxTensor {
	name: string;
	dims: number[];
	/** Float tensors only: that is all the tests' models hold. */
	values: Float32Array;
}

export interface OnnxGraph {
	nodes: OnnxNode[];
	initializers: OnnxTensor[];
	inputs: OnnxValue[];
	outputs: OnnxValue[];
}

/** The bytes of a `.onnx` file holding one graph over the default operator set. */
export function encodeOnnxModel(graph: OnnxGraph, options: {irVersion?: number; opset?: number} = {}): Uint8Array {
	const body = new ProtoWriter();
	for (const node of graph.nodes) body.message(1, encodeNode(node));
	body.string(2, 'drill-test-graph');
	for (const tensor of graph.initializers) body.message(5, encodeTensor(tensor));
	for (const value of graph.inputs) body.message(11, encodeValueInfo(value));
	for (const value of graph.outputs) body.message(12, encodeValueInfo(value));
	return new ProtoWriter()
		.int(1, options.irVersion ?? 8)
		.string(2, 'drill tests')
		.message(7, body)
		.message(8, new ProtoWriter().string(1, '').int(2, options.opset ?? 17))
		.finish();
}

function encodeNode(node: OnnxNode): ProtoWriter {
	const out = new ProtoWriter();
	for (const input of node.inputs) out.string(1, input);
	for (const output of node.outputs) out.string(2, output);
	out.string(4, node.op);
	// AttributeProto: name 1, i 3, type 20 (INT = 2).
	for (const [name, value] of Object.entries(node.ints ?? {})) out.message(5, new ProtoWriter().string(1, name).int(3, value).int(20, 2));
	return out;
}

function encodeTensor(tensor: OnnxTensor): ProtoWriter {
	const count = tensor.dims.reduce((product, size) => product * size, 1);
	if (count !== tensor.values.length) throw new RangeError(`tensor ${tensor.name} has dims ${tensor.dims.join('×')} but ${tensor.values.length} values`);
	const out = new ProtoWriter();
	for (const size of tensor.dims) out.int(1, size);
	out.int(2, onnxType.float);
	out.string(8, tensor.name);
	// raw_data: IEEE 754 floats, fixed width, little-endian.
	const raw = new Uint8Array(tensor.values.length * 4);
	const view = new DataView(raw.buffer);
	tensor.values.forEach((value, index) => view.setFloat32(index * 4, value, true));
	return out.bytes(9, raw);
}

function encodeValueInfo(value: OnnxValue): ProtoWriter {
	const shape = new ProtoWriter();
	for (const dimension of value.shape) shape.message(1, typeof dimension === 'number' ? new ProtoWriter().int(1, dimension) : new ProtoWriter().string(2, dimension));
	// ValueInfoProto{name 1, type 2: TypeProto{tensor_type 1: {elem_type 1, shape 2}}}
	const tensorType = new ProtoWriter().int(1, value.type).message(2, shape);
	return new ProtoWriter().string(1, value.name).message(2, new ProtoWriter().message(1, tensorType));
}
