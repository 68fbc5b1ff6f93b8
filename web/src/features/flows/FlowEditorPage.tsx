import '@xyflow/react/dist/style.css';
import type { FlowNodeType } from '@chatflow/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import {
  addEdge,
  Background,
  type Connection,
  Controls,
  type Edge,
  MiniMap,
  ReactFlow,
  type ReactFlowInstance,
  useEdgesState,
  useNodesState,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useErrorToast } from '../../components/use-error-toast';
import { toastError } from '../../lib/errors';
import { PhoneEditorNotice } from './components/PhoneEditorNotice';
import { notify } from '../../lib/notify';
import { AddNodeMenu } from './editor/AddNodeMenu';
import { NodeDialog, TYPES_WITH_DIALOG } from './editor/dialogs/NodeDialog';
import { type EditorActions, EditorActionsContext } from './editor/editor-actions';
import { type EditorNode, startNode, toCanvas, toDocument, withoutMissingMenuHandles } from './editor/flow-model';
import { findFlowGraphProblem, graphProblemOf, graphProblemText } from './editor/graph-problem';
import { NODE_LOOK } from './editor/node-look';
import { newNodeId } from './editor/node-id';
import { withoutStoredSecrets } from './editor/node-secrets';
import { FLOW_NODE_COMPONENTS } from './editor/nodes/node-types';
import { NODE_HEIGHT, NODE_WIDTH, positionForDuplicate, positionForNewNode } from './editor/placement';
import { flowVariables } from './editor/variables';
import { useFlowDocument, useSaveFlowDocument } from './hooks/use-flow-document';

/** The dialog open on the editor: a type to add (nodeId null) or a node to edit. */
type OpenDialog = { type: FlowNodeType; nodeId: string | null } | null;

/**
 * /flowbuilder/{id} (spec 3 "Flow builder"): the canvas with the quick-add menu, node dialogs on
 * double-click, duplicate and delete icons, Backspace/Delete; edits stay here until Salvar.
 */
export default function FlowEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useFlowDocument(id);
  const save = useSaveFlowDocument(id);
  const [nodes, setNodes, onNodesChange] = useNodesState<EditorNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  const [loaded, setLoaded] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [canvas, setCanvas] = useState<ReactFlowInstance<EditorNode, Edge> | null>(null);
  // Under 768 px the canvas cannot be worked: the page says so and offers the list (PhoneEditorNotice).
  const phone = useMediaQuery('(max-width:767.95px)');
  useErrorToast(query);

  useEffect(() => {
    if (loaded || !query.data) return;
    const canvas = toCanvas(query.data.flow.flow);
    setNodes(canvas.nodes);
    setEdges(canvas.edges);
    setLoaded(true);
  }, [loaded, query.data, setNodes, setEdges]);

  const variables = useMemo(() => flowVariables(nodes), [nodes]);
  const select = useCallback(
    (nodeId: string | undefined) => setNodes((all) => all.map((n) => ({ ...n, selected: n.id === nodeId }))),
    [setNodes],
  );

  const actions = useMemo<EditorActions>(
    () => ({
      duplicate: (nodeId) =>
        setNodes((all) => {
          const original = all.find((n) => n.id === nodeId);
          if (!original || original.type === 'start') return all;
          const copy: EditorNode = {
            id: newNodeId(),
            type: original.type,
            position: positionForDuplicate(all, original),
            data: withoutStoredSecrets(original.type, structuredClone(original.data)),
            selected: true,
          };
          return [...all.map((n) => ({ ...n, selected: false })), copy];
        }),
      remove: (nodeId) => {
        setNodes((all) => all.filter((n) => n.id !== nodeId || n.type === 'start'));
        setEdges((all) => all.filter((e) => e.source !== nodeId && e.target !== nodeId));
      },
      open: (nodeId) => {
        const node = nodes.find((n) => n.id === nodeId);
        if (node?.type && TYPES_WITH_DIALOG.has(node.type)) setDialog({ type: node.type, nodeId });
      },
    }),
    [nodes, setNodes, setEdges],
  );

  /** Adds a node at its place (placement.ts) and brings that place into view, at the zoom the author chose. */
  const addNode = (node: EditorNode) => {
    const position = positionForNewNode(nodes);
    setNodes((all) => [...all.map((n) => ({ ...n, selected: false })), { ...node, position, selected: true }]);
    canvas?.setCenter(position.x + NODE_WIDTH / 2, position.y + NODE_HEIGHT / 2, { zoom: canvas.getZoom() });
  };

  const choose = (type: FlowNodeType) => {
    if (type !== 'start') return setDialog({ type, nodeId: null });
    addNode(startNode());
  };

  const saveDialog = (data: Record<string, unknown>) => {
    if (!dialog) return;
    const { type, nodeId } = dialog;
    if (nodeId) {
      setNodes((all) => all.map((n) => (n.id === nodeId ? { ...n, data } : n)));
      if (type === 'menu') {
        const numbers = (data.arrayOption as { number: number }[]).map((o) => o.number);
        setEdges((all) => withoutMissingMenuHandles(all, nodeId, numbers));
      }
    } else {
      addNode({ id: newNodeId(), type, position: { x: 0, y: 0 }, data });
    }
    setDialog(null);
  };

  const saveFlow = async () => {
    const doc = toDocument(nodes, edges);
    const problem = findFlowGraphProblem(doc);
    if (problem) {
      select(problem.nodeId);
      return notify(graphProblemText(t, problem, nodes), 'error', 6000);
    }
    try {
      await save.mutateAsync(doc);
      notify(t('flows.saved'));
    } catch (err) {
      const refused = graphProblemOf(err);
      if (refused) notify(graphProblemText(t, refused, nodes), 'error', 6000);
      else toastError(err);
    }
  };

  const onConnect = useCallback((c: Connection) => setEdges((all) => addEdge({ ...c, animated: true }, all)), [setEdges]);
  const editing = dialog?.nodeId ? nodes.find((n) => n.id === dialog.nodeId) : undefined;
  if (phone) return <PhoneEditorNotice />;

  return (
    <Stack spacing={1.5} sx={{ height: '100%' }}>
      {/* On a phone the buttons wrap under the heading: beside it they ran off the screen (SALVAR out of reach). */}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Tooltip title={t('flows.editor.back')}>
          <IconButton onClick={() => navigate('/flowbuilders')} aria-label={t('flows.editor.back')}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: { xs: '1 1 calc(100% - 64px)', sm: '1 1 auto' }, minWidth: 0 }}>
          <Typography variant="h5" component="h1" noWrap>
            {t('flows.editor.heading')}
            {query.data && (
              <Typography component="span" variant="h6" color="text.secondary" sx={{ ml: 1 }}>
                · {query.data.flow.name}
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('flows.editor.hint')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ ml: 'auto' }}>
          <AddNodeMenu onChoose={choose} hasStart={nodes.some((n) => n.type === 'start')} />
          <Button
            variant="contained"
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
            onClick={saveFlow}
            disabled={!loaded || save.isPending}
            data-testid="flow-save"
          >
            {t('flows.editor.save')}
          </Button>
        </Stack>
      </Stack>
      <Paper
        variant="outlined"
        sx={{ flexGrow: 1, minHeight: 420, height: 'calc(100vh - 170px)', position: 'relative' }}
        aria-label={t('flows.editor.canvas')}
      >
        {query.isError && <Alert severity="error">{t('flows.editor.loadError')}</Alert>}
        {!loaded && !query.isError && <CircularProgress sx={{ position: 'absolute', top: '45%', left: '50%' }} />}
        {loaded && (
          <EditorActionsContext.Provider value={actions}>
            <ReactFlow
              nodes={nodes}
              edges={edges}
              nodeTypes={FLOW_NODE_COMPONENTS}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onNodeDoubleClick={(_, node) => actions.open(node.id)}
              deleteKeyCode={['Backspace', 'Delete']}
              zoomOnDoubleClick={false}
              onInit={setCanvas}
              fitView
              // A large flow must fit whole: the default minimum zoom (0.5) stops fit view from showing it.
              minZoom={0.1}
              fitViewOptions={{ maxZoom: 1, minZoom: 0.1 }}
              defaultEdgeOptions={{ animated: true }}
            >
              <Background gap={20} />
              <Controls />
              <MiniMap
                pannable
                zoomable
                style={{ width: 150, height: 96 }}
                nodeColor={(n) => NODE_LOOK[n.type as FlowNodeType]?.color ?? '#999'}
              />
            </ReactFlow>
          </EditorActionsContext.Provider>
        )}
      </Paper>
      {dialog && (
        <NodeDialog
          key={dialog.nodeId ?? `new-${dialog.type}`}
          type={dialog.type}
          data={editing?.data ?? null}
          variables={variables}
          onSave={saveDialog}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
